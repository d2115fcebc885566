//! Connection pool core: size accounting, idle queue, lifetimes.

pub mod inner;
pub mod options;

pub use inner::PoolInner;
pub use options::PoolOptions;

#[derive(Debug)]
pub enum Error {
    PoolClosed,
    PoolTimedOut,
    Io(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::PoolClosed => f.write_str("attempted to acquire a connection on a closed pool"),
            Error::PoolTimedOut => f.write_str("pool timed out while waiting for an open connection"),
            Error::Io(e) => write!(f, "error communicating with database: {e}"),
        }
    }
}

/// A raw database connection.
#[derive(Debug)]
pub struct RawConn {
    pub id: u64,
}

pub trait Connect: Send + Sync {
    fn connect(&self) -> Result<RawConn, Error>;
}
