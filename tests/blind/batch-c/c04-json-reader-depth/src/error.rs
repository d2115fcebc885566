use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCode {
    EofWhileParsing,
    ExpectedSomeValue,
    ExpectedColon,
    ExpectedCommaOrEnd,
    KeyMustBeAString,
    InvalidNumber,
    RecursionLimitExceeded,
    TrailingCharacters,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub code: ErrorCode,
    pub offset: usize,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} at byte {}", self.code, self.offset)
    }
}

impl std::error::Error for Error {}
