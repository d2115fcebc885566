//! A generic connection pool.
//!
//! Opening a new database connection every time one is needed is both
//! inefficient and can lead to resource exhaustion under high traffic
//! conditions. A connection pool maintains a set of open connections to a
//! database, handing them out for repeated use.

mod api;
mod inner;
mod internals;

pub use api::{Builder, ManageConnection, Pool, PooledConnection, RunError};
pub use internals::State;
