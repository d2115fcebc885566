use std::io;

use crate::Decompress;

/// Byte-pair run-length coding (`count, byte`), used by the legacy asset
/// packs; it expands up to 255:2, which is enough to exercise the guard.
#[derive(Debug, Default)]
pub struct Rle {
    run: Option<(u8, usize)>,
}

impl Decompress for Rle {
    fn step(&mut self, input: &[u8], output: &mut [u8]) -> io::Result<(usize, usize)> {
        let mut consumed = 0;
        let mut produced = 0;
        while produced < output.len() {
            match self.run {
                Some((byte, left)) if left > 0 => {
                    let n = left.min(output.len() - produced);
                    output[produced..produced + n].fill(byte);
                    produced += n;
                    self.run = Some((byte, left - n));
                }
                _ => {
                    let Some(pair) = input.get(consumed..consumed + 2) else { break };
                    self.run = Some((pair[1], pair[0] as usize));
                    consumed += 2;
                }
            }
        }
        Ok((consumed, produced))
    }
}
