//! Operator metering: a compile-time middleware that injects fuel checks into
//! every basic block, plus the host-side accessors for the remaining points.

pub mod metering;
pub mod wasm;

pub use metering::{get_remaining_points, set_remaining_points, Metering, MeteringPoints};
