use crate::de::Deserializer;
use crate::error::Result;
use crate::limit::{Bounded, Infinite, LimitOption, SizeLimit};

/// A configuration builder whose options do not affect the encoding of
/// values, only how many bytes the decoder is willing to consume.
pub trait Options: Sized {
    type Limit: SizeLimit;

    fn limit(&self) -> Self::Limit;

    /// Sets the byte limit to be unlimited.
    fn with_no_limit(self) -> WithOtherLimit<Self, Infinite> {
        WithOtherLimit::new(self, Infinite)
    }

    /// Sets the byte limit to `limit`.
    fn with_limit(self, limit: u64) -> WithOtherLimit<Self, Bounded> {
        WithOtherLimit::new(self, Bounded(limit))
    }

    /// Deserializes a slice of bytes using this configuration.
    fn deserialize_bytes(self, bytes: &[u8]) -> Result<Vec<u8>> {
        let mut de = Deserializer::from_slice(bytes, self.limit());
        de.read_byte_buf()
    }

    fn deserialize_str(self, bytes: &[u8]) -> Result<String> {
        let mut de = Deserializer::from_slice(bytes, self.limit());
        de.read_string()
    }
}

/// The default options: unbounded.
#[derive(Copy, Clone, Default)]
pub struct DefaultOptions;

impl Options for DefaultOptions {
    type Limit = Infinite;

    fn limit(&self) -> Infinite {
        Infinite
    }
}

#[derive(Copy, Clone)]
pub struct WithOtherLimit<O, L> {
    _options: O,
    new_limit: L,
}

impl<O, L> WithOtherLimit<O, L> {
    fn new(options: O, limit: L) -> Self {
        WithOtherLimit {
            _options: options,
            new_limit: limit,
        }
    }
}

impl<O: Options, L: SizeLimit + Copy> Options for WithOtherLimit<O, L> {
    type Limit = L;

    fn limit(&self) -> L {
        self.new_limit
    }
}

/// Legacy entry point: turns a [`LimitOption`] into a decoder.
pub fn deserialize_bytes_with(option: LimitOption, bytes: &[u8]) -> Result<Vec<u8>> {
    match option {
        LimitOption::Infinite => DefaultOptions.with_no_limit().deserialize_bytes(bytes),
        LimitOption::Bounded(max) => DefaultOptions.with_limit(max).deserialize_bytes(bytes),
    }
}
