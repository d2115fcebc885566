//! Pieces of a WebSocket server: per-IP admission and a frame decoder that
//! refuses oversized frames and messages.

mod admission;
mod codec;

pub use admission::{Admission, ConnGuard};
pub use codec::{CodecError, FrameDecoder};

/// Server settings from `ws.toml`.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    pub bind: String,
    pub max_frame_size: usize,
    pub max_message_size: usize,
    pub max_conns_per_ip: u32,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            bind: "0.0.0.0:9001".into(),
            max_frame_size: 16 << 20,
            max_message_size: 64 << 20,
            max_conns_per_ip: 32,
        }
    }
}

/// What the accept loop needs per server.
pub struct Server {
    pub config: ServerConfig,
    pub admission: Admission,
}

impl Server {
    pub fn new(config: ServerConfig) -> Self {
        let admission = Admission::new(config.max_conns_per_ip);
        Server { config, admission }
    }

    /// Builds the decoder for a freshly upgraded connection.
    pub fn decoder(&self) -> FrameDecoder {
        FrameDecoder::new(self.config.max_frame_size, self.config.max_message_size)
    }
}
