//! Property based testing: random inputs, a cap on attempts, and shrinking.

mod gen;
mod tester;

pub use gen::{Arbitrary, Gen};
pub use tester::{quickcheck, QuickCheck, TestResult, Testable};
