//! The parser state threaded through generated PEG parsers.

pub mod parser_state;

pub use parser_state::{set_call_limit, state, Error, ParseResult, ParserState};
