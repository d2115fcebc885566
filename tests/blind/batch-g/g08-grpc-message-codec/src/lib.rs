//! gRPC message framing with per-direction message size limits.

pub mod codec;

use codec::{encode_server, Codec, Streaming};

/// gRPC status codes used by this crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    Ok,
    Internal,
    OutOfRange,
    ResourceExhausted,
    Unimplemented,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    code: Code,
    message: String,
}

impl Status {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Self { code, message: message.into() }
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(Code::Internal, message)
    }

    pub fn resource_exhausted(message: impl Into<String>) -> Self {
        Self::new(Code::ResourceExhausted, message)
    }

    pub fn code(&self) -> Code {
        self.code
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

/// A gRPC Server handler.
///
/// This will wrap some inner [`Codec`] and provide utilities to handle
/// inbound unary and streaming requests.
pub struct Grpc<T> {
    codec: T,
    /// Limits the maximum size of a decoded message.
    max_decoding_message_size: Option<usize>,
    /// Limits the maximum size of an encoded message.
    max_encoding_message_size: Option<usize>,
}

impl<T> Grpc<T>
where
    T: Codec,
    T::Decode: 'static,
{
    /// Creates a new gRPC server with the provided [`Codec`].
    pub fn new(codec: T) -> Self {
        Self {
            codec,
            max_decoding_message_size: None,
            max_encoding_message_size: None,
        }
    }

    /// Limits the maximum size of a decoded message.
    pub fn max_decoding_message_size(mut self, limit: usize) -> Self {
        self.max_decoding_message_size = Some(limit);
        self
    }

    /// Limits the maximum size of an encoded message.
    pub fn max_encoding_message_size(mut self, limit: usize) -> Self {
        self.max_encoding_message_size = Some(limit);
        self
    }

    /// Handle a single unary gRPC request.
    pub fn unary<F>(&mut self, body: Vec<Vec<u8>>, service: F) -> Result<Vec<Vec<u8>>, Status>
    where
        F: FnOnce(T::Decode) -> Result<T::Encode, Status>,
    {
        let mut request = Streaming::new_request(
            self.codec.decoder(),
            body,
            self.max_decoding_message_size,
        );
        let message = request
            .message()?
            .ok_or_else(|| Status::internal("Missing request message."))?;
        let response = service(message);
        encode_server(
            self.codec.encoder(),
            std::iter::once(response),
            self.max_encoding_message_size,
        )
        .collect()
    }
}
