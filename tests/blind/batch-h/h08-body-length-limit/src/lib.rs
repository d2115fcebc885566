//! Request body size limit: a body wrapper and the router-level default.

pub mod default_body_limit;
pub mod limited;

pub use default_body_limit::{DefaultBodyLimit, DefaultBodyLimitKind};
pub use limited::{LengthLimitError, Limited};

/// A chunk of a body: data or trailers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    Data(Vec<u8>),
    Trailers(Vec<(String, String)>),
}

impl Frame {
    pub fn data_ref(&self) -> Option<&Vec<u8>> {
        match self {
            Frame::Data(d) => Some(d),
            Frame::Trailers(_) => None,
        }
    }
}

/// Bounds on the remaining length of a body.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SizeHint {
    lower: u64,
    upper: Option<u64>,
}

impl SizeHint {
    pub fn lower(&self) -> u64 {
        self.lower
    }
    pub fn upper(&self) -> Option<u64> {
        self.upper
    }
    pub fn set_upper(&mut self, value: u64) {
        self.upper = Some(value);
    }
    pub fn set_exact(&mut self, value: u64) {
        self.lower = value;
        self.upper = Some(value);
    }
}

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// A streaming body.
pub trait Body {
    fn poll_frame(&mut self) -> Option<Result<Frame, BoxError>>;

    fn is_end_stream(&self) -> bool {
        false
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::default()
    }
}

/// A request with typed extensions, as a router hands it to extractors.
pub struct Request<B> {
    pub body: B,
    pub extensions: Vec<DefaultBodyLimitKind>,
}

/// Collects a whole body, honouring the body limit the router configured.
pub fn to_bytes<B: Body>(req: Request<B>) -> Result<Vec<u8>, BoxError> {
    let limit = req.extensions.last().copied();
    let mut out = Vec::new();
    match limit {
        Some(DefaultBodyLimitKind::Disable) => collect(req.body, &mut out)?,
        Some(DefaultBodyLimitKind::Limit(limit)) => collect(Limited::new(req.body, limit), &mut out)?,
        None => collect(Limited::new(req.body, default_body_limit::DEFAULT_LIMIT), &mut out)?,
    }
    Ok(out)
}

fn collect<B: Body>(mut body: B, out: &mut Vec<u8>) -> Result<(), BoxError> {
    while let Some(frame) = body.poll_frame() {
        if let Frame::Data(d) = frame? {
            out.extend_from_slice(&d);
        }
    }
    Ok(())
}
