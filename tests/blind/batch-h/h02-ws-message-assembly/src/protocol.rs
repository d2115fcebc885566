use crate::error::{CapacityError, Error, Result};
use crate::message::{IncompleteMessage, IncompleteMessageType, Message};

/// The configuration for WebSocket connection.
#[derive(Debug, Clone, Copy)]
pub struct WebSocketConfig {
    /// The target minimum size of the write buffer to reach before writing the data
    /// to the underlying stream.
    pub write_buffer_size: usize,
    /// The max size of the write buffer in bytes.
    pub max_write_buffer_size: usize,
    /// The maximum size of an incoming message. `None` means no size limit.
    pub max_message_size: Option<usize>,
    /// The maximum size of a single incoming message frame. `None` means no size limit.
    pub max_frame_size: Option<usize>,
    /// When set to `true`, the server will accept and handle unmasked frames.
    pub accept_unmasked_frames: bool,
}

impl Default for WebSocketConfig {
    fn default() -> Self {
        WebSocketConfig {
            write_buffer_size: 128 * 1024,
            max_write_buffer_size: usize::MAX,
            max_message_size: Some(64 << 20),
            max_frame_size: Some(16 << 20),
            accept_unmasked_frames: false,
        }
    }
}

/// A parsed frame as the codec hands it over.
pub struct Frame {
    pub fin: bool,
    pub opcode: u8,
    pub masked: bool,
    pub payload: Vec<u8>,
}

pub struct WebSocketContext {
    config: WebSocketConfig,
    incomplete: Option<IncompleteMessage>,
    out_buffer: Vec<u8>,
}

impl WebSocketContext {
    pub fn new(config: Option<WebSocketConfig>) -> Self {
        WebSocketContext { config: config.unwrap_or_default(), incomplete: None, out_buffer: Vec::new() }
    }

    pub fn get_config(&self) -> &WebSocketConfig {
        &self.config
    }

    /// Checks the declared payload length of a frame header.
    pub fn check_frame_header(&self, length: u64) -> Result<()> {
        if let Some(max_size) = self.config.max_frame_size {
            if length > max_size as u64 {
                return Err(Error::Capacity(CapacityError::MessageTooLong {
                    size: length as usize,
                    max_size,
                }));
            }
        }
        Ok(())
    }

    /// Handles a frame and returns a message once the last fragment arrived.
    pub fn read_frame(&mut self, frame: Frame) -> Result<Option<Message>> {
        if !frame.masked && !self.config.accept_unmasked_frames {
            return Err(Error::Protocol("unmasked frame from client"));
        }
        self.check_frame_header(frame.payload.len() as u64)?;

        match frame.opcode {
            0 => {
                let fin = frame.fin;
                match self.incomplete {
                    Some(ref mut msg) => {
                        msg.extend(frame.payload, self.config.max_message_size)?;
                    }
                    None => return Err(Error::Protocol("unexpected continue frame")),
                }
                if fin {
                    Ok(Some(self.incomplete.take().unwrap().complete()?))
                } else {
                    Ok(None)
                }
            }
            1 | 2 if self.incomplete.is_some() => Err(Error::Protocol("expected fragment")),
            op @ (1 | 2) => {
                let kind = if op == 1 { IncompleteMessageType::Text } else { IncompleteMessageType::Binary };
                let mut m = IncompleteMessage::new(kind);
                m.extend(frame.payload, self.config.max_message_size)?;
                if frame.fin {
                    Ok(Some(m.complete()?))
                } else {
                    self.incomplete = Some(m);
                    Ok(None)
                }
            }
            _ => Err(Error::Protocol("unknown opcode")),
        }
    }

    /// Queues a frame for writing, flushing once the target buffer size is reached.
    pub fn write(&mut self, data: &[u8], sink: &mut Vec<u8>) -> Result<()> {
        if self.out_buffer.len() + data.len() > self.config.max_write_buffer_size {
            return Err(Error::Protocol("write buffer full"));
        }
        self.out_buffer.extend_from_slice(data);
        if self.out_buffer.len() >= self.config.write_buffer_size {
            sink.append(&mut self.out_buffer);
        }
        Ok(())
    }
}
