//! Frame encoding and decoding.

use std::io::{ErrorKind, Read, Write};

use crate::Result;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpCode {
    Continue,
    Text,
    Binary,
    Close,
    Ping,
    Pong,
    Reserved(u8),
}

impl OpCode {
    pub fn is_control(self) -> bool {
        matches!(self, OpCode::Close | OpCode::Ping | OpCode::Pong)
    }
}

impl From<u8> for OpCode {
    fn from(b: u8) -> OpCode {
        match b {
            0 => OpCode::Continue,
            1 => OpCode::Text,
            2 => OpCode::Binary,
            8 => OpCode::Close,
            9 => OpCode::Ping,
            10 => OpCode::Pong,
            i => OpCode::Reserved(i),
        }
    }
}

#[derive(Debug, Clone)]
pub struct FrameHeader {
    pub is_final: bool,
    pub rsv1: bool,
    pub opcode: OpCode,
    pub mask: Option<[u8; 4]>,
}

#[derive(Debug, Clone)]
pub struct Frame {
    pub header: FrameHeader,
    pub payload: Vec<u8>,
}

impl Frame {
    pub fn message(payload: Vec<u8>, opcode: OpCode, is_final: bool) -> Frame {
        Frame { header: FrameHeader { is_final, rsv1: false, opcode, mask: None }, payload }
    }

    pub fn apply_mask(&mut self) {
        if let Some(mask) = self.header.mask.take() {
            for (i, b) in self.payload.iter_mut().enumerate() {
                *b ^= mask[i & 3];
            }
        }
    }
}

/// A codec for WebSocket frames.
#[derive(Debug, Default)]
pub struct FrameCodec {
    in_buffer: Vec<u8>,
}

impl FrameCodec {
    pub fn new() -> Self {
        Self::default()
    }

    /// Read a frame from the provided stream.
    pub fn read_frame<S: Read>(&mut self, stream: &mut S) -> Result<Option<Frame>> {
        loop {
            if let Some((header, header_len, length)) = parse_header(&self.in_buffer) {
                let total = header_len + length as usize;
                if self.in_buffer.len() >= total {
                    let payload = self.in_buffer[header_len..total].to_vec();
                    self.in_buffer.drain(..total);
                    return Ok(Some(Frame { header, payload }));
                }
            }
            let mut chunk = [0u8; 4096];
            let n = match stream.read(&mut chunk) {
                Ok(n) => n,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if n == 0 {
                return Ok(None);
            }
            self.in_buffer.extend_from_slice(&chunk[..n]);
        }
    }

    /// Write a frame to the provided stream.
    pub fn write_frame<S: Write>(&mut self, stream: &mut S, frame: Frame) -> Result<()> {
        let len = frame.payload.len();
        let mut out = vec![(frame.header.is_final as u8) << 7 | opcode_byte(frame.header.opcode)];
        if len < 126 {
            out.push(len as u8);
        } else {
            out.push(127);
            out.extend_from_slice(&(len as u64).to_be_bytes());
        }
        out.extend_from_slice(&frame.payload);
        stream.write_all(&out)?;
        Ok(stream.flush()?)
    }
}

fn opcode_byte(op: OpCode) -> u8 {
    match op {
        OpCode::Continue => 0,
        OpCode::Text => 1,
        OpCode::Binary => 2,
        OpCode::Close => 8,
        OpCode::Ping => 9,
        OpCode::Pong => 10,
        OpCode::Reserved(i) => i,
    }
}

/// Returns the header, its length and the payload length once enough bytes are buffered.
fn parse_header(buf: &[u8]) -> Option<(FrameHeader, usize, u64)> {
    let (b0, b1) = (*buf.first()?, *buf.get(1)?);
    let (length, mut pos) = match b1 & 0x7F {
        126 => (u16::from_be_bytes(buf.get(2..4)?.try_into().ok()?) as u64, 4),
        127 => (u64::from_be_bytes(buf.get(2..10)?.try_into().ok()?), 10),
        n => (n as u64, 2),
    };
    let mask = if b1 & 0x80 != 0 {
        let m: [u8; 4] = buf.get(pos..pos + 4)?.try_into().ok()?;
        pos += 4;
        Some(m)
    } else {
        None
    };
    let header = FrameHeader { is_final: b0 & 0x80 != 0, rsv1: b0 & 0x40 != 0, opcode: OpCode::from(b0 & 0x0F), mask };
    Some((header, pos, length))
}
