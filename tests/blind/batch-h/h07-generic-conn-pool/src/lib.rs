//! A generic connection pool with a reaper thread.

pub mod config;
pub mod pool;

pub use config::Config;
pub use pool::{Pool, PooledConnection};

use std::fmt;

/// A trait which provides connection-specific functionality.
pub trait ManageConnection: Send + Sync + 'static {
    type Connection: Send + 'static;

    fn connect(&self) -> Result<Self::Connection, Error>;
    fn is_valid(&self, conn: &mut Self::Connection) -> Result<(), Error>;
    fn has_broken(&self, conn: &mut Self::Connection) -> bool;
}

#[derive(Debug, Clone)]
pub struct Error(pub Option<String>);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("timed out waiting for connection")?;
        if let Some(ref err) = self.0 {
            write!(f, ": {err}")?;
        }
        Ok(())
    }
}
