//! Lexer for the rule language of the policy engine. Rule files arrive from
//! tenants, so the lexer bounds identifier length and the number of tokens
//! it will produce for one file.

mod lexer;

pub use lexer::{tokenize, LexError, Lexer, LexerOptions, Token};
