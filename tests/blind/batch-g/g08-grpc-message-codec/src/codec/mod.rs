//! Generic encoding and decoding.

mod decode;
mod encode;

pub use decode::Streaming;
pub use encode::{encode_client, encode_server, EncodedBytes};

use crate::Status;

/// The default maximum uncompressed size in bytes for a message. Defaults to 4MB.
pub const DEFAULT_MAX_RECV_MESSAGE_SIZE: usize = 4 * 1024 * 1024;
pub const DEFAULT_MAX_SEND_MESSAGE_SIZE: usize = usize::MAX;

// 5 bytes
pub(crate) const HEADER_SIZE: usize =
    // compression flag
    std::mem::size_of::<u8>() +
    // data length
    std::mem::size_of::<u32>();

/// Encodes gRPC message types
pub trait Encoder {
    type Item;
    type Error: From<std::io::Error>;
    fn encode(&mut self, item: Self::Item, dst: &mut Vec<u8>) -> Result<(), Self::Error>;
}

/// Decodes gRPC message types
pub trait Decoder {
    type Item;
    type Error: From<std::io::Error>;
    fn decode(&mut self, src: &[u8]) -> Result<Option<Self::Item>, Self::Error>;
}

/// Trait that knows how to encode and decode gRPC messages.
pub trait Codec {
    type Encode;
    type Decode;
    type Encoder: Encoder<Item = Self::Encode, Error = Status>;
    type Decoder: Decoder<Item = Self::Decode, Error = Status> + Send + 'static;
    fn encoder(&mut self) -> Self::Encoder;
    fn decoder(&mut self) -> Self::Decoder;
}

impl From<std::io::Error> for Status {
    fn from(err: std::io::Error) -> Self {
        Status::internal(err.to_string())
    }
}
