//! A cut-down stack virtual machine with cooperative execution budgets.

pub mod budget;
pub mod vm;

pub use vm::{Inst, Vm, VmError, VmHalt};
