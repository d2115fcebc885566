use std::{fmt, io};

use crate::Decompress;

/// Limits applied while decompressing untrusted input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_output_bytes: u64,
    /// Largest accepted `total_out / total_in`.
    pub max_ratio: u32,
    /// Output produced before the ratio is looked at; small streams of
    /// zeros legitimately compress very well.
    pub ratio_grace_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Self { max_output_bytes: 256 << 20, max_ratio: 100, ratio_grace_bytes: 1 << 20 }
    }
}

#[derive(Debug)]
pub enum LimitError {
    OutputTooLarge { limit: u64 },
    RatioTooHigh { total_in: u64, total_out: u64 },
    Io(io::Error),
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OutputTooLarge { limit } => write!(f, "decompressed size exceeds {limit} bytes"),
            Self::RatioTooHigh { total_in, total_out } => {
                write!(f, "suspicious expansion: {total_in} -> {total_out} bytes")
            }
            Self::Io(e) => write!(f, "{e}"),
        }
    }
}

impl From<io::Error> for LimitError {
    fn from(e: io::Error) -> Self {
        Self::Io(e)
    }
}

pub struct Guarded<D> {
    inner: D,
    limits: Limits,
    total_in: u64,
    total_out: u64,
}

impl<D: Decompress> Guarded<D> {
    pub fn new(inner: D, limits: Limits) -> Self {
        Self { inner, limits, total_in: 0, total_out: 0 }
    }

    pub fn total_in(&self) -> u64 {
        self.total_in
    }

    pub fn total_out(&self) -> u64 {
        self.total_out
    }

    /// Decompresses all of `input`, appending to `out`.
    pub fn decompress_vec(&mut self, mut input: &[u8], out: &mut Vec<u8>) -> Result<(), LimitError> {
        let mut buf = [0u8; 4096];
        loop {
            // Ask for one byte more than allowed so an overrun is observable.
            let room = self.limits.max_output_bytes.saturating_sub(self.total_out);
            let window = buf.len().min(room.saturating_add(1).min(usize::MAX as u64) as usize);
            let (consumed, produced) = self.inner.step(input, &mut buf[..window])?;
            if consumed == 0 && produced == 0 {
                return Ok(());
            }
            self.total_in += consumed as u64;
            self.total_out += produced as u64;
            input = &input[consumed..];

            if self.total_out > self.limits.max_output_bytes {
                return Err(LimitError::OutputTooLarge { limit: self.limits.max_output_bytes });
            }
            if self.total_out > self.limits.ratio_grace_bytes
                && self.total_out / self.total_in.max(1) > u64::from(self.limits.max_ratio)
            {
                return Err(LimitError::RatioTooHigh { total_in: self.total_in, total_out: self.total_out });
            }
            out.extend_from_slice(&buf[..produced]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rle;

    #[test]
    fn output_cap() {
        let limits = Limits { max_output_bytes: 1000, ..Limits::default() };
        let mut g = Guarded::new(Rle::default(), limits);
        let input = [255u8, b'a'].repeat(8);
        let mut out = Vec::new();
        assert!(matches!(g.decompress_vec(&input, &mut out), Err(LimitError::OutputTooLarge { .. })));
        assert!(out.len() <= 1000);
    }

    #[test]
    fn ratio_guard_after_grace() {
        let limits = Limits { max_output_bytes: u64::MAX, max_ratio: 50, ratio_grace_bytes: 512 };
        let mut g = Guarded::new(Rle::default(), limits);
        let input = [255u8, 0].repeat(64);
        let mut out = Vec::new();
        assert!(matches!(g.decompress_vec(&input, &mut out), Err(LimitError::RatioTooHigh { .. })));
    }
}
