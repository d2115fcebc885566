//! A Lisp bytecode interpreter that can run untrusted code under
//! restrictions.

pub mod exec;
pub mod restrict;

pub use exec::{Code, ExecError, Instruction, Machine, Value};
pub use restrict::{RestrictConfig, RestrictError};
