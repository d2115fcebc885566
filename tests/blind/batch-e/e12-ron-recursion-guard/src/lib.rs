//! Rusty Object Notation, a value-level subset.

pub mod de;
pub mod options;
pub mod ser;

pub mod error {
    use std::fmt;

    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Error {
        Eof,
        ExceededRecursionLimit,
        ExpectedComma,
        ExpectedMapColon,
        ExpectedValue(usize),
        TrailingCharacters,
        InvalidNumber,
    }

    impl fmt::Display for Error {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self {
                Error::Eof => f.write_str("Unexpected end of RON"),
                Error::ExceededRecursionLimit => f.write_str(
                    "Exceeded recursion limit, try increasing `ron::Options::recursion_limit` \
                     and using `serde_stacker` to protect against a stack overflow",
                ),
                Error::ExpectedComma => f.write_str("Expected comma"),
                Error::ExpectedMapColon => f.write_str("Expected colon"),
                Error::ExpectedValue(pos) => write!(f, "Expected a value at byte {}", pos),
                Error::TrailingCharacters => f.write_str("Non-whitespace trailing characters"),
                Error::InvalidNumber => f.write_str("Invalid number"),
            }
        }
    }

    impl std::error::Error for Error {}

    pub type Result<T, E = Error> = std::result::Result<T, E>;
}

pub mod extensions {
    use std::ops::{BitAndAssign, BitOrAssign, Not};

    /// Extensions that change how RON is read and written.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub struct Extensions(u32);

    impl Extensions {
        pub const UNWRAP_NEWTYPES: Extensions = Extensions(0x1);
        pub const IMPLICIT_SOME: Extensions = Extensions(0x2);

        pub const fn empty() -> Self {
            Extensions(0)
        }

        pub const fn contains(self, other: Extensions) -> bool {
            self.0 & other.0 == other.0
        }
    }

    impl BitOrAssign for Extensions {
        fn bitor_assign(&mut self, rhs: Self) {
            self.0 |= rhs.0;
        }
    }

    impl BitAndAssign for Extensions {
        fn bitand_assign(&mut self, rhs: Self) {
            self.0 &= rhs.0;
        }
    }

    impl Not for Extensions {
        type Output = Extensions;

        fn not(self) -> Self {
            Extensions(!self.0)
        }
    }
}

pub use error::{Error, Result};
pub use options::Options;

/// A RON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Unit,
    Bool(bool),
    Number(i64),
    String(String),
    Seq(Vec<Value>),
    Map(Vec<(Value, Value)>),
    Tuple(Vec<Value>),
}

/// A convenience function for building a deserializer
/// and deserializing a value from a string.
pub fn from_str(s: &str) -> Result<Value> {
    Options::default().from_str(s)
}

/// Serializes `value` and returns it as string.
pub fn to_string(value: &Value) -> Result<String> {
    Options::default().to_string(value)
}
