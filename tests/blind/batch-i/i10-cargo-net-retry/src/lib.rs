//! Network helpers: retrying spurious failures and bounding how much a
//! downloaded archive may expand to.

pub mod config;
pub mod io;
pub mod retry;

pub use config::NetConfig;
pub use retry::{with_retry, Retry, RetryResult};
