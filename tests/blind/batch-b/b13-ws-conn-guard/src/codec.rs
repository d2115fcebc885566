#[derive(Debug, PartialEq, Eq)]
pub enum CodecError {
    FrameTooLarge { len: u64 },
    MessageTooLarge,
    Incomplete,
}

/// Decodes client frames (masked, RFC 6455 framing) into messages.
pub struct FrameDecoder {
    frame_limit: usize,
    message_limit: usize,
    assembled: Vec<u8>,
}

impl FrameDecoder {
    pub fn new(frame_limit: usize, message_limit: usize) -> Self {
        FrameDecoder { frame_limit, message_limit, assembled: Vec::new() }
    }

    /// Feeds one complete frame; returns a message when its final frame
    /// arrives.
    pub fn feed(&mut self, frame: &[u8]) -> Result<Option<Vec<u8>>, CodecError> {
        if frame.len() < 2 {
            return Err(CodecError::Incomplete);
        }
        let fin = frame[0] & 0x80 != 0;
        let (len, mut pos) = match frame[1] & 0x7f {
            126 if frame.len() >= 4 => (u16::from_be_bytes([frame[2], frame[3]]) as u64, 4),
            127 if frame.len() >= 10 => {
                (u64::from_be_bytes(frame[2..10].try_into().expect("8 bytes")), 10)
            }
            126 | 127 => return Err(CodecError::Incomplete),
            n => (n as u64, 2),
        };
        if len > self.frame_limit as u64 {
            return Err(CodecError::FrameTooLarge { len });
        }
        let mask: [u8; 4] = frame.get(pos..pos + 4).ok_or(CodecError::Incomplete)?.try_into().expect("4 bytes");
        pos += 4;
        let payload = frame.get(pos..pos + len as usize).ok_or(CodecError::Incomplete)?;
        if self.assembled.len() + payload.len() > self.message_limit {
            self.assembled.clear();
            return Err(CodecError::MessageTooLarge);
        }
        self.assembled.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        Ok(fin.then(|| std::mem::take(&mut self.assembled)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(fin: bool, payload: &[u8]) -> Vec<u8> {
        let mut f = vec![if fin { 0x81 } else { 0x01 }, 0x80 | payload.len() as u8, 0, 0, 0, 0];
        f.extend_from_slice(payload);
        f
    }

    #[test]
    fn limits_apply() {
        let mut d = FrameDecoder::new(4, 6);
        assert_eq!(d.feed(&frame(true, b"hello")), Err(CodecError::FrameTooLarge { len: 5 }));
        assert_eq!(d.feed(&frame(false, b"abcd")), Ok(None));
        assert_eq!(d.feed(&frame(true, b"efg")), Err(CodecError::MessageTooLarge));
        assert_eq!(d.feed(&frame(true, b"ok")), Ok(Some(b"ok".to_vec())));
    }
}
