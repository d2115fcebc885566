//! FastCGI responder: connection limits, per-request input caps, keep-alive.

pub mod config;
pub mod server;

pub use config::QpxfConfig;
pub use server::{serve_connection, Listener};
