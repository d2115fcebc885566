//! Resource limits enforced while decoding images.

pub mod decoder;
pub mod error;
pub mod limits;

pub use decoder::{decode, ColorType, ImageDecoder, RawDecoder};
pub use error::{ImageError, ImageResult, LimitError, LimitErrorKind};
pub use limits::{LimitSupport, Limits};
