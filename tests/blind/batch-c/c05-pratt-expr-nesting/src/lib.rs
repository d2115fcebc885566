//! Pratt parser for arithmetic expressions used in spreadsheet formulas.

mod lexer;
mod parser;

pub use lexer::{tokenize, Token};
pub use parser::{parse, Ast, ParseError, Parser, ParserOptions};
