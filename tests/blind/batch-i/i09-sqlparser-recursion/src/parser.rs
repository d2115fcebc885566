use std::fmt;

use crate::tokenizer::{tokenize, Token};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParserError {
    TokenizerError(String),
    ParserError(String),
    RecursionLimitExceeded,
}

impl fmt::Display for ParserError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "sql parser error: {}",
            match self {
                ParserError::TokenizerError(s) => s,
                ParserError::ParserError(s) => s,
                ParserError::RecursionLimitExceeded => "recursion limit exceeded",
            }
        )
    }
}

impl std::error::Error for ParserError {}

// Use `Parser::expected` instead, if possible
macro_rules! parser_err {
    ($MSG:expr) => {
        Err(ParserError::ParserError($MSG.to_string()))
    };
}

mod recursion {
    use std::cell::Cell;
    use std::rc::Rc;

    use super::ParserError;

    /// Tracks remaining recursion depth. This value is decremented on
    /// each call to [`RecursionCounter::try_decrease()`], when it reaches 0 an error will
    /// be returned.
    ///
    /// Note: Uses an [`std::rc::Rc`] and [`std::cell::Cell`] in order to satisfy the Rust
    /// borrow checker so the automatic [`DepthGuard`] decrement a
    /// reference to the counter.
    pub(crate) struct RecursionCounter {
        remaining_depth: Rc<Cell<usize>>,
    }

    impl RecursionCounter {
        /// Creates a [`RecursionCounter`] with the specified maximum
        /// depth
        pub fn new(remaining_depth: usize) -> Self {
            Self {
                remaining_depth: Rc::new(remaining_depth.into()),
            }
        }

        /// Decreases the remaining depth by 1.
        ///
        /// Returns [`Err`] if the remaining depth falls to 0.
        ///
        /// Returns a [`DepthGuard`] which will adds 1 to the
        /// remaining depth upon drop;
        pub fn try_decrease(&self) -> Result<DepthGuard, ParserError> {
            let old_value = self.remaining_depth.get();
            // ran out of space
            if old_value == 0 {
                Err(ParserError::RecursionLimitExceeded)
            } else {
                self.remaining_depth.set(old_value - 1);
                Ok(DepthGuard::new(Rc::clone(&self.remaining_depth)))
            }
        }
    }

    /// Guard that increases the remaining depth by 1 on drop
    pub struct DepthGuard {
        remaining_depth: Rc<Cell<usize>>,
    }

    impl DepthGuard {
        fn new(remaining_depth: Rc<Cell<usize>>) -> Self {
            Self { remaining_depth }
        }
    }

    impl Drop for DepthGuard {
        fn drop(&mut self) {
            let old_value = self.remaining_depth.get();
            self.remaining_depth.set(old_value + 1);
        }
    }
}

use recursion::RecursionCounter;

/// Default remaining recursion depth.
const DEFAULT_REMAINING_DEPTH: usize = 50;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParserOptions {
    pub trailing_commas: bool,
    /// Controls how literal values are unescaped.
    pub unescape: bool,
}

impl Default for ParserOptions {
    fn default() -> Self {
        Self {
            trailing_commas: false,
            unescape: true,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Identifier(String),
    Value(String),
    Nested(Box<Expr>),
    UnaryMinus(Box<Expr>),
    BinaryOp {
        left: Box<Expr>,
        op: char,
        right: Box<Expr>,
    },
    Function {
        name: String,
        args: Vec<Expr>,
    },
}

pub struct Parser {
    tokens: Vec<Token>,
    /// The index of the first unprocessed token in [`Parser::tokens`].
    index: usize,
    /// Additional options that allow you to mix & match behavior
    /// otherwise constrained to certain dialects (e.g. trailing
    /// commas)
    options: ParserOptions,
    /// Ensures the stack does not overflow by limiting recursion depth.
    recursion_counter: RecursionCounter,
}

impl Parser {
    /// Create a parser with the default recursion limit.
    pub fn new() -> Self {
        Self {
            tokens: vec![],
            index: 0,
            options: ParserOptions::default(),
            recursion_counter: RecursionCounter::new(DEFAULT_REMAINING_DEPTH),
        }
    }

    /// Specify the maximum recursion limit while parsing.
    ///
    /// [`Parser`] prevents stack overflows by returning
    /// [`ParserError::RecursionLimitExceeded`] if the parser exceeds
    /// this depth while processing the query.
    pub fn with_recursion_limit(mut self, recursion_limit: usize) -> Self {
        self.recursion_counter = RecursionCounter::new(recursion_limit);
        self
    }

    pub fn with_options(mut self, options: ParserOptions) -> Self {
        self.options = options;
        self
    }

    pub fn try_with_sql(mut self, sql: &str) -> Result<Self, ParserError> {
        self.tokens = tokenize(sql).map_err(ParserError::TokenizerError)?;
        self.index = 0;
        Ok(self)
    }

    fn peek_token(&self) -> Token {
        self.tokens.get(self.index).cloned().unwrap_or(Token::EOF)
    }

    fn next_token(&mut self) -> Token {
        let t = self.peek_token();
        self.index += 1;
        t
    }

    fn expect_token(&mut self, expected: &Token) -> Result<(), ParserError> {
        let found = self.next_token();
        if &found == expected {
            Ok(())
        } else {
            parser_err!(format!("Expected {expected:?}, found: {found:?}"))
        }
    }

    /// Parse a new expression.
    pub fn parse_expr(&mut self) -> Result<Expr, ParserError> {
        self.parse_subexpr(0)
    }

    /// Parse tokens until the precedence changes.
    pub fn parse_subexpr(&mut self, precedence: u8) -> Result<Expr, ParserError> {
        let _guard = self.recursion_counter.try_decrease()?;
        let mut expr = self.parse_prefix()?;
        loop {
            let next_precedence = match self.peek_token() {
                Token::Plus | Token::Minus => 10,
                Token::Mul => 20,
                _ => 0,
            };
            if precedence >= next_precedence {
                break;
            }
            expr = self.parse_infix(expr, next_precedence)?;
        }
        Ok(expr)
    }

    fn parse_infix(&mut self, left: Expr, precedence: u8) -> Result<Expr, ParserError> {
        let op = match self.next_token() {
            Token::Plus => '+',
            Token::Minus => '-',
            Token::Mul => '*',
            t => return parser_err!(format!("No infix parser for token {t:?}")),
        };
        Ok(Expr::BinaryOp {
            left: Box::new(left),
            op,
            right: Box::new(self.parse_subexpr(precedence)?),
        })
    }

    fn parse_prefix(&mut self) -> Result<Expr, ParserError> {
        match self.next_token() {
            Token::Number(n) => Ok(Expr::Value(n)),
            Token::Minus => Ok(Expr::UnaryMinus(Box::new(self.parse_subexpr(30)?))),
            Token::LParen => {
                let expr = self.parse_expr()?;
                self.expect_token(&Token::RParen)?;
                Ok(Expr::Nested(Box::new(expr)))
            }
            Token::Word(w) => {
                if self.peek_token() == Token::LParen {
                    self.next_token();
                    let args = self.parse_comma_separated()?;
                    self.expect_token(&Token::RParen)?;
                    Ok(Expr::Function { name: w, args })
                } else {
                    Ok(Expr::Identifier(w))
                }
            }
            t => parser_err!(format!("Expected an expression, found: {t:?}")),
        }
    }

    fn parse_comma_separated(&mut self) -> Result<Vec<Expr>, ParserError> {
        let mut values = vec![];
        if self.peek_token() == Token::RParen {
            return Ok(values);
        }
        loop {
            values.push(self.parse_expr()?);
            if self.peek_token() != Token::Comma {
                break;
            }
            self.next_token();
            if self.options.trailing_commas && self.peek_token() == Token::RParen {
                break;
            }
        }
        Ok(values)
    }
}

impl Default for Parser {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_parens_hit_the_limit() {
        let sql = format!("{}1{}", "(".repeat(100), ")".repeat(100));
        let err = Parser::new().try_with_sql(&sql).unwrap().parse_expr().unwrap_err();
        assert_eq!(err, ParserError::RecursionLimitExceeded);

        let ok = Parser::new()
            .with_recursion_limit(200)
            .try_with_sql(&sql)
            .unwrap()
            .parse_expr();
        assert!(ok.is_ok());
    }

    #[test]
    fn depth_is_restored_between_siblings() {
        let args = vec!["(((1)))"; 40].join(", ");
        let sql = format!("f({args})");
        let mut parser = Parser::new().with_recursion_limit(10).try_with_sql(&sql).unwrap();
        assert!(parser.parse_expr().is_ok());
    }

    #[test]
    fn trailing_commas() {
        let opts = ParserOptions {
            trailing_commas: true,
            ..Default::default()
        };
        let mut parser = Parser::new().with_options(opts).try_with_sql("f(1, 2,)").unwrap();
        assert!(parser.parse_expr().is_ok());
    }
}
