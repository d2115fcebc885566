use super::{Decoder, DEFAULT_MAX_RECV_MESSAGE_SIZE, HEADER_SIZE};
use crate::{Code, Status};
use std::collections::VecDeque;

const BUFFER_SIZE: usize = 8 * 1024;

/// Streaming requests and responses.
///
/// This will wrap some inner body and [`Decoder`] and provide an interface
/// to fetch the message stream.
pub struct Streaming<T> {
    decoder: Box<dyn Decoder<Item = T, Error = Status> + Send + 'static>,
    inner: StreamingInner,
}

struct StreamingInner {
    body: VecDeque<Vec<u8>>,
    state: State,
    direction: Direction,
    buf: Vec<u8>,
    max_message_size: Option<usize>,
}

#[derive(Debug, Clone, Copy)]
enum State {
    ReadHeader,
    ReadBody { len: usize },
    Error,
}

#[derive(Debug, PartialEq, Eq)]
enum Direction {
    Request,
    Response(u16),
}

impl<T> Streaming<T> {
    pub fn new_response<D>(decoder: D, body: Vec<Vec<u8>>, status_code: u16, max_message_size: Option<usize>) -> Self
    where
        D: Decoder<Item = T, Error = Status> + Send + 'static,
    {
        Self::new(decoder, body, Direction::Response(status_code), max_message_size)
    }

    pub fn new_request<D>(decoder: D, body: Vec<Vec<u8>>, max_message_size: Option<usize>) -> Self
    where
        D: Decoder<Item = T, Error = Status> + Send + 'static,
    {
        Self::new(decoder, body, Direction::Request, max_message_size)
    }

    fn new<D>(decoder: D, body: Vec<Vec<u8>>, direction: Direction, max_message_size: Option<usize>) -> Self
    where
        D: Decoder<Item = T, Error = Status> + Send + 'static,
    {
        Self {
            decoder: Box::new(decoder),
            inner: StreamingInner {
                body: body.into(),
                state: State::ReadHeader,
                direction,
                buf: Vec::with_capacity(BUFFER_SIZE),
                max_message_size,
            },
        }
    }

    /// Fetch the next message from this stream.
    pub fn message(&mut self) -> Result<Option<T>, Status> {
        loop {
            if let State::Error = self.inner.state {
                return Ok(None);
            }
            if let Some(len) = self.inner.decode_chunk()? {
                let msg = self.decoder.decode(&self.inner.buf[..len]);
                self.inner.buf.drain(..len);
                self.inner.state = State::ReadHeader;
                match msg? {
                    Some(m) => return Ok(Some(m)),
                    None => continue,
                }
            }
            match self.inner.body.pop_front() {
                Some(chunk) => self.inner.buf.extend_from_slice(&chunk),
                None if self.inner.buf.is_empty() => return Ok(None),
                None => {
                    self.inner.state = State::Error;
                    return Err(Status::new(Code::Internal, "Unexpected EOF decoding stream."));
                }
            }
        }
    }
}

impl StreamingInner {
    /// Returns the length of a complete message at the front of `buf`, if any.
    fn decode_chunk(&mut self) -> Result<Option<usize>, Status> {
        if let State::ReadHeader = self.state {
            if self.buf.len() < HEADER_SIZE {
                return Ok(None);
            }

            match self.buf[0] {
                0 => {}
                1 => {
                    return Err(Status::new(
                        Code::Unimplemented,
                        "Message compressed, compression not supported yet.",
                    ))
                }
                f => {
                    let message = if let Direction::Response(status) = self.direction {
                        format!(
                            "protocol error: received message with invalid compression flag: {} (valid flags are 0 and 1) while receiving response with status: {}",
                            f, status
                        )
                    } else {
                        format!("protocol error: received message with invalid compression flag: {} (valid flags are 0 and 1), while sending request", f)
                    };
                    return Err(Status::new(Code::Internal, message));
                }
            };

            let len = u32::from_be_bytes(self.buf[1..HEADER_SIZE].try_into().unwrap()) as usize;
            let limit = self
                .max_message_size
                .unwrap_or(DEFAULT_MAX_RECV_MESSAGE_SIZE);
            if len > limit {
                return Err(Status::new(
                    Code::OutOfRange,
                    format!(
                        "Error, message length too large: found {} bytes, the limit is: {} bytes",
                        len, limit
                    ),
                ));
            }

            self.buf.drain(..HEADER_SIZE);
            self.buf.reserve(len);

            self.state = State::ReadBody { len }
        }

        if let State::ReadBody { len } = self.state {
            // if we haven't read enough of the message then return and keep
            // reading
            if self.buf.len() < len {
                return Ok(None);
            }
            return Ok(Some(len));
        }

        Ok(None)
    }
}
