//! A small slice of a SQL expression parser with stack-overflow protection.

pub mod parser;
pub mod tokenizer;

pub use parser::{Expr, Parser, ParserError, ParserOptions};
