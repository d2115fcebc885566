//! Connection pool core.

pub mod pool;

use std::fmt;

/// Errors surfaced by the pool.
#[derive(Debug)]
pub enum Error {
    Io(std::io::Error),
    PoolTimedOut,
    PoolClosed,
    Protocol(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "io: {}", e),
            Error::PoolTimedOut => f.write_str("pool timed out while waiting for an open connection"),
            Error::PoolClosed => f.write_str("attempted to acquire a connection on a closed pool"),
            Error::Protocol(m) => write!(f, "protocol: {}", m),
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// A database connection.
pub trait Connection: Send + Sized + 'static {
    fn connect(url: &str) -> Result<Self>;

    fn ping(&mut self) -> Result<()>;

    fn close(self) -> Result<()>;
}
