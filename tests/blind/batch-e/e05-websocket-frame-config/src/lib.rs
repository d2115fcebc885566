//! Lightweight, flexible WebSockets.

pub mod protocol;

use std::{fmt, io};

/// Possible WebSocket errors.
#[derive(Debug)]
pub enum Error {
    /// WebSocket connection closed normally.
    ConnectionClosed,
    /// Trying to work with already closed connection.
    AlreadyClosed,
    /// Input-output error.
    Io(io::Error),
    /// Buffer capacity exhausted.
    Capacity(CapacityError),
    /// Protocol violation.
    Protocol(String),
    /// Message send queue full.
    SendQueueFull(protocol::Message),
    /// UTF coding error.
    Utf8,
}

/// Indicates the specific type/cause of a capacity error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CapacityError {
    /// Message is bigger than the maximum allowed size.
    MessageTooLong { size: usize, max_size: usize },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Capacity(CapacityError::MessageTooLong { size, max_size }) => {
                write!(f, "Space limit exceeded: Message too big: {} > {}", size, max_size)
            }
            Error::Protocol(msg) => write!(f, "WebSocket protocol error: {}", msg),
            other => write!(f, "{:?}", other),
        }
    }
}

impl From<io::Error> for Error {
    fn from(err: io::Error) -> Self {
        Error::Io(err)
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
