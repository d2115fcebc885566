//! Gas accounting for a small EVM interpreter.

pub mod env;
pub mod gas;
#[macro_use]
pub mod interpreter;

pub use gas::{Gas, MemoryExtensionResult, MemoryGas};
pub use interpreter::{InstructionResult, Interpreter};
