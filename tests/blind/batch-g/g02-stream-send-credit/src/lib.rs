//! Send-side flow control for the streams of one QUIC connection.

mod send;
mod send_buffer;
mod state;

pub use send::{ByteSlice, BytesSource, FinishError, Written, WriteError};
pub use state::{SendStream, StreamEvent, StreamId, StreamsState};
