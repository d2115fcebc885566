//! A blocking connection pool in the style of r2d2.

mod builder;
mod pool;

pub use builder::Builder;
pub use pool::{ManageConnection, Pool, PooledConnection};
