//! Framing of byte streams into newline-delimited text lines.

pub mod codec;
pub mod framed;

pub use codec::{Decoder, LinesCodec, LinesCodecError};
pub use framed::FramedRead;
