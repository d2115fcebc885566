//! Fuel accounting for a register-based Lua interpreter.

pub mod fuel;
pub mod thread;

pub use fuel::{Fuel, RecursionLimit, RECURSION_LIMIT};
pub use thread::{Executor, Op, StepError};
