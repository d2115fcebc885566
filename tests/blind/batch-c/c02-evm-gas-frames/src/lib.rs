//! Gas accounting and frame handling for a small EVM-compatible executor.

pub mod config;
pub mod frame;
pub mod gas;

pub use config::EvmConfig;
pub use frame::{create, validate_tx, Frame, Halt};
pub use gas::Gas;
