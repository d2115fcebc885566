//! Message reassembly for a WebSocket connection.

pub mod error;
pub mod message;
pub mod protocol;

pub use protocol::{WebSocketConfig, WebSocketContext};
