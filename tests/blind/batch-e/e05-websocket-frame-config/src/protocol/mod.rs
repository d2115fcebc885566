//! Generic WebSocket message stream.

pub mod frame;
mod message;

pub use self::message::Message;

use std::collections::VecDeque;
use std::io::{Read, Write};

use self::frame::{Frame, FrameCodec, OpCode};
use self::message::{IncompleteMessage, IncompleteMessageType};
use crate::{Error, Result};

/// Indicates a Client or Server role of the websocket
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Server,
    Client,
}

/// The configuration for WebSocket connection.
#[derive(Debug, Clone, Copy)]
pub struct WebSocketConfig {
    /// The size of the send queue. `None` means here that the size of the queue is unlimited.
    pub max_send_queue: Option<usize>,
    /// The maximum size of a message. `None` means no size limit. The default value is 64 MiB.
    pub max_message_size: Option<usize>,
    /// The maximum size of a single message frame. `None` means no size limit. The limit is for
    /// frame payload NOT including the frame header. The default value is 16 MiB.
    pub max_frame_size: Option<usize>, //@ BL003
    /// If set to true it will allow the websocket server to accept unmasked frames from client.
    pub server_allow_unmasked: Option<bool>,
}

impl Default for WebSocketConfig {
    fn default() -> Self {
        WebSocketConfig {
            max_send_queue: None,
            max_message_size: Some(64 << 20),
            max_frame_size: Some(16 << 20),
            server_allow_unmasked: None,
        }
    }
}

/// The current connection state.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum WebSocketState {
    Active,
    ClosedByUs,
    ClosedByPeer,
    Terminated,
}

impl WebSocketState {
    fn is_active(self) -> bool {
        matches!(self, WebSocketState::Active)
    }

    fn can_read(self) -> bool {
        matches!(self, WebSocketState::Active | WebSocketState::ClosedByUs)
    }
}

/// A context for managing WebSocket stream.
#[derive(Debug)]
pub struct WebSocketContext {
    role: Role,
    frame: FrameCodec,
    state: WebSocketState,
    incomplete: Option<IncompleteMessage>,
    send_queue: VecDeque<Frame>,
    pong: Option<Frame>,
    config: WebSocketConfig,
}

impl WebSocketContext {
    /// Create a WebSocket context that manages a post-handshake stream.
    pub fn new(role: Role, config: Option<WebSocketConfig>) -> Self {
        WebSocketContext {
            role,
            frame: FrameCodec::new(),
            state: WebSocketState::Active,
            incomplete: None,
            send_queue: VecDeque::new(),
            pong: None,
            config: config.unwrap_or_default(),
        }
    }

    /// Change the configuration.
    pub fn set_config(&mut self, set_func: impl FnOnce(&mut WebSocketConfig)) {
        set_func(&mut self.config)
    }

    /// Read the configuration.
    pub fn get_config(&self) -> &WebSocketConfig {
        &self.config
    }

    /// Read a message from the provided stream, if possible.
    pub fn read_message<S: Read + Write>(&mut self, stream: &mut S) -> Result<Message> {
        if self.state == WebSocketState::Terminated {
            return Err(Error::AlreadyClosed);
        }
        loop {
            self.write_pending(stream)?;
            if let Some(message) = self.read_message_frame(stream)? {
                return Ok(message);
            }
        }
    }

    /// Send a message to the provided stream, if possible.
    pub fn write_message<S: Read + Write>(&mut self, stream: &mut S, message: Message) -> Result<()> {
        if !self.state.is_active() {
            return Err(Error::Protocol("Sending after closing is not allowed".into()));
        }

        if let Some(max_send_queue) = self.config.max_send_queue {
            if self.send_queue.len() >= max_send_queue {
                // Try to make some room for the new message.
                self.write_pending(stream)?;
            }

            if self.send_queue.len() >= max_send_queue {
                return Err(Error::SendQueueFull(message));
            }
        }

        let frame = match message {
            Message::Text(data) => Frame::message(data.into_bytes(), OpCode::Text, true),
            Message::Binary(data) => Frame::message(data, OpCode::Binary, true),
            Message::Ping(data) => Frame::message(data, OpCode::Ping, true),
            Message::Pong(data) => {
                self.pong = Some(Frame::message(data, OpCode::Pong, true));
                return self.write_pending(stream);
            }
            Message::Close(_) => {
                self.state = WebSocketState::ClosedByUs;
                Frame::message(Vec::new(), OpCode::Close, true)
            }
        };

        self.send_queue.push_back(frame);
        self.write_pending(stream)
    }

    /// Flush the pending send queue.
    pub fn write_pending<S: Read + Write>(&mut self, stream: &mut S) -> Result<()> {
        if let Some(pong) = self.pong.take() {
            self.frame.write_frame(stream, pong)?;
        }
        while let Some(data) = self.send_queue.pop_front() {
            self.frame.write_frame(stream, data)?;
        }
        Ok(())
    }

    /// Try to decode one message frame. May return None.
    fn read_message_frame<S: Read + Write>(&mut self, stream: &mut S) -> Result<Option<Message>> {
        let mut frame = match self.frame.read_frame(stream)? {
            Some(frame) => frame,
            None => {
                self.state = WebSocketState::Terminated;
                return Err(Error::ConnectionClosed);
            }
        };
        if !self.state.can_read() {
            return Err(Error::Protocol("Remote sent frame after having sent a Close Frame".into()));
        }
        if frame.header.rsv1 {
            return Err(Error::Protocol("Reserved bits are non-zero".into()));
        }

        match self.role {
            Role::Server => {
                if frame.header.mask.is_some() {
                    frame.apply_mask();
                } else if !self.config.server_allow_unmasked.unwrap_or(false) {
                    return Err(Error::Protocol("Received an unmasked frame from client".into()));
                }
            }
            Role::Client => {
                if frame.header.mask.is_some() {
                    return Err(Error::Protocol("Received a masked frame from server".into()));
                }
            }
        }

        let fin = frame.header.is_final;
        match frame.header.opcode {
            op if op.is_control() && !fin => Err(Error::Protocol("Fragmented control frame".into())),
            op if op.is_control() && frame.payload.len() > 125 => {
                Err(Error::Protocol("Control frame too big".into()))
            }
            OpCode::Close => {
                if self.state.is_active() {
                    self.state = WebSocketState::ClosedByPeer;
                    self.send_queue.push_back(Frame::message(Vec::new(), OpCode::Close, true));
                }
                Ok(Some(Message::Close(None)))
            }
            OpCode::Ping => {
                if self.state.is_active() {
                    self.pong = Some(Frame::message(frame.payload.clone(), OpCode::Pong, true));
                }
                Ok(Some(Message::Ping(frame.payload)))
            }
            OpCode::Pong => Ok(Some(Message::Pong(frame.payload))),
            OpCode::Continue => {
                if let Some(ref mut msg) = self.incomplete {
                    msg.extend(frame.payload, self.config.max_message_size)?;
                } else {
                    return Err(Error::Protocol("Continue frame but nothing to continue".into()));
                }
                if fin {
                    Ok(Some(self.incomplete.take().unwrap().complete()?))
                } else {
                    Ok(None)
                }
            }
            _ if self.incomplete.is_some() => {
                Err(Error::Protocol("Received data while waiting for more fragments".into()))
            }
            OpCode::Text | OpCode::Binary => {
                let message_type = if frame.header.opcode == OpCode::Text {
                    IncompleteMessageType::Text
                } else {
                    IncompleteMessageType::Binary
                };
                let mut m = IncompleteMessage::new(message_type);
                m.extend(frame.payload, self.config.max_message_size)?;
                if fin {
                    Ok(Some(m.complete()?))
                } else {
                    self.incomplete = Some(m);
                    Ok(None)
                }
            }
            OpCode::Reserved(i) => Err(Error::Protocol(format!("Unknown frame type {}", i))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{self, Cursor};

    struct WriteMoc<S>(S);

    impl<S> io::Write for WriteMoc<S> {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl<S: io::Read> io::Read for WriteMoc<S> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.0.read(buf)
        }
    }

    #[test]
    fn size_limiting_binary() {
        let incoming = Cursor::new(vec![0x82, 0x03, 0x01, 0x02, 0x03]);
        let limit = WebSocketConfig { max_message_size: Some(2), ..WebSocketConfig::default() };
        let mut ctx = WebSocketContext::new(Role::Client, Some(limit));
        let err = ctx.read_message(&mut WriteMoc(incoming)).unwrap_err();
        assert_eq!(err.to_string(), "Space limit exceeded: Message too big: 3 > 2");
        assert!(ctx.get_config().max_frame_size.is_some());
    }
}
