//! Unpacks `.pak` bundles uploaded by users into a sandbox directory.
//!
//! The format is a flat sequence of entries: a little-endian `u16` name
//! length, the UTF-8 name, a `u64` size and the raw bytes.

mod extract;
mod limits;

pub use extract::{unpack, ExtractError, Progress, Sink};
pub use limits::ExtractLimits;
