use std::io::Read;

use crate::codec::Decoder;

const INITIAL_CAPACITY: usize = 8 * 1024;

/// Reads frames from a blocking reader using a [`Decoder`].
pub struct FramedRead<R, D> {
    inner: R,
    decoder: D,
    buffer: Vec<u8>,
    eof: bool,
}

impl<R: Read, D: Decoder> FramedRead<R, D> {
    pub fn new(inner: R, decoder: D) -> Self {
        FramedRead {
            inner,
            decoder,
            buffer: Vec::with_capacity(INITIAL_CAPACITY),
            eof: false,
        }
    }

    pub fn decoder(&self) -> &D {
        &self.decoder
    }
}

impl<R: Read, D: Decoder> Iterator for FramedRead<R, D> {
    type Item = Result<D::Item, D::Error>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.eof {
                return match self.decoder.decode_eof(&mut self.buffer) {
                    Ok(Some(frame)) => Some(Ok(frame)),
                    Ok(None) => None,
                    Err(e) => Some(Err(e)),
                };
            }
            match self.decoder.decode(&mut self.buffer) {
                Ok(Some(frame)) => return Some(Ok(frame)),
                Ok(None) => {}
                Err(e) => return Some(Err(e)),
            }
            let mut chunk = [0u8; 1024];
            match self.inner.read(&mut chunk) {
                Ok(0) => self.eof = true,
                Ok(n) => self.buffer.extend_from_slice(&chunk[..n]),
                Err(e) => return Some(Err(e.into())),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{LinesCodec, LinesCodecError};

    #[test]
    fn long_line_is_skipped() {
        let input = format!("ok\n{}\nafter\n", "x".repeat(5000));
        let lines: Vec<_> = FramedRead::new(input.as_bytes(), LinesCodec::new_with_max_length(64)).collect();
        assert_eq!(lines[0].as_ref().unwrap(), "ok");
        assert!(matches!(lines[1], Err(LinesCodecError::MaxLineLengthExceeded)));
        assert_eq!(lines.last().unwrap().as_ref().unwrap(), "after");
    }
}
