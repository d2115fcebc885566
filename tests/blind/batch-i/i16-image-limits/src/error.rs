use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LimitErrorKind {
    /// The resulting image exceed dimension limits in either direction.
    DimensionError,
    /// The operation would have performed an allocation larger than allowed.
    InsufficientMemory,
    /// The specified strict limits are not supported for this operation
    Unsupported { limits: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitError {
    kind: LimitErrorKind,
}

impl LimitError {
    pub fn from_kind(kind: LimitErrorKind) -> Self {
        LimitError { kind }
    }

    pub fn kind(&self) -> &LimitErrorKind {
        &self.kind
    }
}

#[derive(Debug)]
pub enum ImageError {
    Limits(LimitError),
    Decoding(String),
    IoError(std::io::Error),
}

impl fmt::Display for ImageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImageError::Limits(e) => match e.kind() {
                LimitErrorKind::DimensionError => f.write_str("Image size exceeds limit"),
                LimitErrorKind::InsufficientMemory => f.write_str("Memory limit exceeded"),
                LimitErrorKind::Unsupported { limits } => {
                    write!(f, "The following strict limits are specified but not supported by the opertation: {limits}")
                }
            },
            ImageError::Decoding(s) => write!(f, "decoding error: {s}"),
            ImageError::IoError(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ImageError {}

pub type ImageResult<T> = Result<T, ImageError>;
