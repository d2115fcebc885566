//! A minimal blocking HTTP client over a pluggable transport, with the
//! usual knobs: redirect limit, timeouts and a response body ceiling.

mod body;
mod client;
mod config;

pub use body::CountingBody;
pub use client::{Client, Error, Response, Transport, RawResponse};
pub use config::ClientConfig;
