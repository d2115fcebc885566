//! Bomb-resistant decompression.
//!
//! [`Guarded`] drives any [`Decompress`] back end and stops as soon as the
//! produced output exceeds the configured size, or the expansion ratio
//! becomes implausible once a grace amount has been produced.

mod guard;
mod rle;

pub use guard::{Guarded, LimitError, Limits};
pub use rle::Rle;

use std::io;

/// A streaming decompressor in the style of `flate2::Decompress`.
pub trait Decompress {
    /// Consumes a prefix of `input` and fills a prefix of `output`,
    /// returning `(consumed, produced)`. `(0, 0)` means the stream ended or
    /// more input is required.
    fn step(&mut self, input: &[u8], output: &mut [u8]) -> io::Result<(usize, usize)>;
}
