//! A small recursive-descent JSON reader.
//!
//! Nesting is bounded so that hostile input such as `[[[[...]]]]` cannot
//! overflow the stack.

mod error;
mod read;

pub use error::{Error, ErrorCode};
pub use read::{from_str, Parser, Value};
