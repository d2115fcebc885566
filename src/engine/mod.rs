//! The performance machinery: what to read, scan and parse, on which
//! threads. It may skip work; it never changes a finding.

pub mod loader;
pub mod prefilter;
pub mod scan;
pub mod workers;

pub use loader::{Options, Parsed, parse_all};
