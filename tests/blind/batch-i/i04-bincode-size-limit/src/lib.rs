//! A compact binary decoder with an optional bound on the number of bytes a
//! message may occupy.

pub mod config;
pub mod de;
pub mod error {
    use std::fmt;

    pub type Result<T> = std::result::Result<T, Error>;

    pub type Error = Box<ErrorKind>;

    #[derive(Debug)]
    pub enum ErrorKind {
        Io(std::io::Error),
        InvalidUtf8Encoding(std::str::Utf8Error),
        InvalidBoolEncoding(u8),
        /// If (de)serializing a message takes more than the provided size limit, this
        /// error is returned.
        SizeLimit,
        Custom(String),
    }

    impl fmt::Display for ErrorKind {
        fn fmt(&self, fmt: &mut fmt::Formatter<'_>) -> fmt::Result {
            match *self {
                ErrorKind::Io(ref ioerr) => write!(fmt, "io error: {}", ioerr),
                ErrorKind::InvalidUtf8Encoding(ref e) => write!(fmt, "string is not valid utf8: {}", e),
                ErrorKind::InvalidBoolEncoding(b) => write!(fmt, "invalid value for a bool: {}", b),
                ErrorKind::SizeLimit => write!(fmt, "the size limit has been reached"),
                ErrorKind::Custom(ref s) => s.fmt(fmt),
            }
        }
    }

    impl std::error::Error for ErrorKind {}

    impl From<std::io::Error> for Error {
        fn from(err: std::io::Error) -> Error {
            ErrorKind::Io(err).into()
        }
    }
}
pub mod limit;

pub use config::{DefaultOptions, Options};
pub use error::{Error, ErrorKind, Result};
