use crate::Request;

/// The default limit applied when nothing else is configured: 2 MB.
pub const DEFAULT_LIMIT: usize = 2_097_152;

/// Layer for configuring the default request body limit.
#[derive(Debug, Clone, Copy)]
#[must_use]
pub struct DefaultBodyLimit {
    kind: DefaultBodyLimitKind,
}

#[derive(Debug, Clone, Copy)]
pub enum DefaultBodyLimitKind {
    Disable,
    Limit(usize),
}

impl DefaultBodyLimit {
    /// Remove the default body limit.
    pub const fn disable() -> Self {
        Self { kind: DefaultBodyLimitKind::Disable }
    }

    /// Set the default request body limit.
    pub const fn max(limit: usize) -> Self {
        Self { kind: DefaultBodyLimitKind::Limit(limit) }
    }

    /// Inserts the limit into the request's extensions, where extractors
    /// look it up.
    pub fn apply<B>(self, req: &mut Request<B>) {
        req.extensions.push(self.kind);
    }
}
