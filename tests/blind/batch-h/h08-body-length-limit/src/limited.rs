use crate::{Body, BoxError, Frame, SizeHint};
use std::error::Error;
use std::fmt;

/// A length limited body.
///
/// This body will return an error if more than the configured number
/// of bytes are returned on polling the wrapped body.
#[derive(Clone, Copy, Debug)]
pub struct Limited<B> {
    remaining: usize,
    inner: B,
}

impl<B> Limited<B> {
    /// Create a new `Limited`.
    pub fn new(inner: B, limit: usize) -> Self {
        Self { remaining: limit, inner }
    }
}

impl<B: Body> Body for Limited<B> {
    fn poll_frame(&mut self) -> Option<Result<Frame, BoxError>> {
        let res = match self.inner.poll_frame() {
            None => None,
            Some(Ok(frame)) => {
                if let Some(data) = frame.data_ref() {
                    if data.len() > self.remaining {
                        self.remaining = 0;
                        Some(Err(LengthLimitError.into()))
                    } else {
                        self.remaining -= data.len();
                        Some(Ok(frame))
                    }
                } else {
                    Some(Ok(frame))
                }
            }
            Some(Err(err)) => Some(Err(err)),
        };
        res
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        use std::convert::TryFrom;
        match u64::try_from(self.remaining) {
            Ok(n) => {
                let mut hint = self.inner.size_hint();
                if hint.lower() >= n {
                    hint.set_exact(n)
                } else if let Some(max) = hint.upper() {
                    hint.set_upper(n.min(max))
                } else {
                    hint.set_upper(n)
                }
                hint
            }
            Err(_) => self.inner.size_hint(),
        }
    }
}

/// An error returned when body length exceeds the configured limit.
#[derive(Debug)]
#[non_exhaustive]
pub struct LengthLimitError;

impl fmt::Display for LengthLimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("length limit exceeded")
    }
}

impl Error for LengthLimitError {}
