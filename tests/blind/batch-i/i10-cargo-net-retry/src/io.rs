//! Guards used while unpacking downloaded `.crate` archives.

use std::io::{self, Read, Take};

/// Maximum uncompressed size of a `.crate` file.
pub const MAX_UNPACK_SIZE: u64 = 512 * 1024 * 1024;

/// Maximum compression ratio of a `.crate` file before we consider it a
/// compression bomb.
pub const MAX_COMPRESSION_RATIO: usize = 20;

/// A reader that returns an error once more than `limit` bytes have been
/// read, instead of silently stopping like [`Read::take`].
pub struct LimitErrorReader<R> {
    inner: Take<R>,
}

impl<R: Read> LimitErrorReader<R> {
    pub fn new(r: R, limit: u64) -> LimitErrorReader<R> {
        LimitErrorReader {
            inner: r.take(limit),
        }
    }
}

impl<R: Read> Read for LimitErrorReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Ok(0) if self.inner.limit() == 0 => Err(io::Error::new(
                io::ErrorKind::Other,
                "maximum limit reached when reading",
            )),
            e => e,
        }
    }
}

/// Figures out how many bytes the archive of `compressed_size` bytes may
/// unpack to: the fixed cap, or the ratio-scaled size for very large crates.
pub fn max_unpack_size(compressed_size: u64, env_override: Option<u64>) -> u64 {
    let max_unpack_size = env_override.unwrap_or(MAX_UNPACK_SIZE);
    max_unpack_size.max(compressed_size.saturating_mul(MAX_COMPRESSION_RATIO as u64))
}

/// Reads an (already decompressed) archive stream into memory, refusing to
/// go past the size computed by [`max_unpack_size`].
pub fn read_archive<R: Read>(stream: R, compressed_size: u64) -> io::Result<Vec<u8>> {
    let override_ = std::env::var("__CARGO_TEST_MAX_UNPACK_SIZE")
        .ok()
        .and_then(|v| v.parse().ok());
    let limit = max_unpack_size(compressed_size, override_);
    let mut reader = LimitErrorReader::new(stream, limit);
    let mut out = Vec::new();
    reader.read_to_end(&mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_past_the_limit() {
        let data = vec![7u8; 100];
        let mut r = LimitErrorReader::new(&data[..], 10);
        let mut out = Vec::new();
        assert!(r.read_to_end(&mut out).is_err());
    }

    #[test]
    fn ratio_raises_the_cap() {
        assert_eq!(max_unpack_size(1, Some(100)), 100);
        assert_eq!(max_unpack_size(10, Some(100)), 200);
    }
}
