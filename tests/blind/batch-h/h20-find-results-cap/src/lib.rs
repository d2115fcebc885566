//! File finder: parallel walk feeding a receiver that buffers, sorts and
//! streams results, stopping early on `--max-results`.

pub mod config;
pub mod walk;

pub use config::Config;
pub use walk::{scan, ExitCode};
