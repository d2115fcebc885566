use std::io::Read;

use crate::error::{ErrorKind, Result};
use crate::limit::SizeLimit;

/// Reads length-prefixed values from a byte source while charging every byte
/// against the configured [`SizeLimit`].
pub struct Deserializer<R, L> {
    reader: R,
    limit: L,
}

impl<'a, L: SizeLimit> Deserializer<&'a [u8], L> {
    pub fn from_slice(slice: &'a [u8], limit: L) -> Self {
        Deserializer {
            reader: slice,
            limit,
        }
    }
}

impl<R: Read, L: SizeLimit> Deserializer<R, L> {
    fn read_bytes(&mut self, count: u64) -> Result<()> {
        self.limit.add(count)
    }

    fn read_type<T>(&mut self) -> Result<()> {
        self.read_bytes(std::mem::size_of::<T>() as u64)
    }

    fn read_u64(&mut self) -> Result<u64> {
        self.read_type::<u64>()?;
        let mut buf = [0u8; 8];
        self.reader.read_exact(&mut buf)?;
        Ok(u64::from_le_bytes(buf))
    }

    pub fn read_bool(&mut self) -> Result<bool> {
        self.read_type::<u8>()?;
        let mut buf = [0u8; 1];
        self.reader.read_exact(&mut buf)?;
        match buf[0] {
            0 => Ok(false),
            1 => Ok(true),
            b => Err(ErrorKind::InvalidBoolEncoding(b).into()),
        }
    }

    fn read_len(&mut self) -> Result<usize> {
        let len = self.read_u64()?;
        usize::try_from(len).map_err(|_| ErrorKind::SizeLimit.into())
    }

    /// Reads a length-prefixed byte buffer. The length is checked against the
    /// limit before any allocation happens, so a forged prefix cannot make us
    /// reserve gigabytes.
    pub fn read_byte_buf(&mut self) -> Result<Vec<u8>> {
        let len = self.read_len()?;
        self.read_bytes(len as u64)?;
        let mut buf = vec![0u8; len];
        self.reader.read_exact(&mut buf)?;
        Ok(buf)
    }

    pub fn read_string(&mut self) -> Result<String> {
        let vec = self.read_byte_buf()?;
        String::from_utf8(vec).map_err(|e| ErrorKind::InvalidUtf8Encoding(e.utf8_error()).into())
    }

    /// The bytes this deserializer may still consume, if it is bounded.
    pub fn remaining_limit(&self) -> Option<u64> {
        self.limit.limit()
    }
}

#[cfg(test)]
mod tests {
    use crate::config::{DefaultOptions, Options};
    use crate::limit::LimitOption;

    fn encode(bytes: &[u8]) -> Vec<u8> {
        let mut out = (bytes.len() as u64).to_le_bytes().to_vec();
        out.extend_from_slice(bytes);
        out
    }

    #[test]
    fn bounded_rejects_large_prefix() {
        let mut data = (u64::MAX / 2).to_le_bytes().to_vec();
        data.extend_from_slice(b"abc");
        assert!(DefaultOptions.with_limit(64).deserialize_bytes(&data).is_err());
    }

    #[test]
    fn bounded_accepts_exact_fit() {
        let data = encode(b"hello");
        let out = DefaultOptions.with_limit(13).deserialize_bytes(&data).unwrap();
        assert_eq!(out, b"hello");
        assert!(DefaultOptions.with_limit(12).deserialize_bytes(&data).is_err());
    }

    #[test]
    fn legacy_option() {
        let data = encode(b"hi");
        assert!(crate::config::deserialize_bytes_with(LimitOption::Bounded(4), &data).is_err());
        assert!(crate::config::deserialize_bytes_with(LimitOption::Infinite, &data).is_ok());
        assert_eq!(LimitOption::Bounded(10).headroom(4), Some(6));
    }
}
