//! A small stack-based bytecode interpreter with fuel metering.
//!
//! Every instruction burns fuel according to [`FuelCosts`]; once the tank is
//! dry the machine traps with [`Trap::OutOfFuel`]. Embedders can top the tank
//! up between runs with [`Machine::add_fuel`].

mod op;
mod vm;

pub use op::{FuelCosts, Op};
pub use vm::{HostFn, Machine, Trap};
