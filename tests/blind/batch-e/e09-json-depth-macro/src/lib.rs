//! A JSON deserializer with a recursion limit.

/// `?` for the deserializer's `Result`, kept as a macro like upstream to avoid
/// the `From` conversion cost.
macro_rules! tri {
    ($e:expr $(,)?) => {
        match $e {
            core::result::Result::Ok(val) => val,
            core::result::Result::Err(err) => return core::result::Result::Err(err),
        }
    };
}

macro_rules! overflow {
    ($a:ident * 10 + $b:ident, $c:expr) => {
        $a >= $c / 10 && ($a > $c / 10 || $b > $c % 10)
    };
}

macro_rules! check_recursion {
    ($this:ident $($body:tt)*) => {
        if !$this.disable_recursion_limit {
            $this.remaining_depth -= 1;
            if $this.remaining_depth == 0 {
                return Err($this.peek_error(ErrorCode::RecursionLimitExceeded));
            }
        }

        $this $($body)*

        if !$this.disable_recursion_limit {
            $this.remaining_depth += 1;
        }
    };
}

pub mod de;
pub mod read;

pub mod error {
    use std::fmt;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum ErrorCode {
        EofWhileParsingValue,
        ExpectedSomeValue,
        ExpectedSomeIdent,
        ExpectedColon,
        ExpectedListCommaOrEnd,
        ExpectedObjectCommaOrEnd,
        InvalidNumber,
        NumberOutOfRange,
        RecursionLimitExceeded,
        TrailingCharacters,
    }

    #[derive(Debug, PartialEq, Eq)]
    pub struct Error {
        code: ErrorCode,
        line: usize,
        column: usize,
    }

    impl Error {
        pub(crate) fn syntax(code: ErrorCode, line: usize, column: usize) -> Self {
            Error { code, line, column }
        }

        pub fn code(&self) -> ErrorCode {
            self.code
        }
    }

    impl fmt::Display for Error {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{:?} at line {} column {}", self.code, self.line, self.column)
        }
    }

    impl std::error::Error for Error {}

    pub type Result<T> = std::result::Result<T, Error>;
}

pub use de::{from_str, Deserializer};
pub use error::{Error, ErrorCode, Result};

/// A parsed JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(u64),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}
