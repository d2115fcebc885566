//! Slow-test detection and termination for a test runner.

pub mod config;
pub mod runner;

pub use config::{parse_slow_timeout, SlowTimeout};
pub use runner::{run_test, ExecutionResult, RunEvent, TestProcess};
