use std::fmt;

/// Indicates the specific type/cause of a capacity error.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum CapacityError {
    /// Too many headers provided (see [`httparse::Error::TooManyHeaders`]).
    TooManyHeaders,
    /// Received header is too long.
    HeaderTooLong,
    /// Message is bigger than the maximum allowed size.
    MessageTooLong {
        /// The size of the message.
        size: usize,
        /// The maximum allowed message size.
        max_size: usize,
    },
}

impl fmt::Display for CapacityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CapacityError::TooManyHeaders => write!(f, "Too many headers"),
            CapacityError::HeaderTooLong => write!(f, "Header too long"),
            CapacityError::MessageTooLong { size, max_size } => {
                write!(f, "Message too long: {size} > {max_size}")
            }
        }
    }
}

#[derive(Debug)]
pub enum Error {
    Capacity(CapacityError),
    Utf8,
    Protocol(&'static str),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Capacity(e) => write!(f, "Space limit exceeded: {e}"),
            Error::Utf8 => write!(f, "UTF-8 encoding error"),
            Error::Protocol(p) => write!(f, "WebSocket protocol error: {p}"),
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
