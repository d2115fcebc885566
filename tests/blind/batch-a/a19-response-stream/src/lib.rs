//! Wraps a provider's chunk stream and cuts it off after a number of chunks
//! or bytes, so a runaway generation cannot flood the UI.

#[derive(Debug, Clone, PartialEq)]
pub struct Chunk {
    pub index: usize,
    pub data: String,
}

#[derive(Debug, Clone, PartialEq)]
pub enum StreamError {
    Network(String),
    Decode(String),
}

/// Where the wrapper is in its life.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamState {
    Open { chunks_seen: usize, bytes_seen: usize },
    Truncated { at_chunk: usize },
    Finished,
}

pub struct ResponseStream<I> {
    inner: I,
    state: StreamState,
    max_chunks: usize,
    max_bytes: usize,
}

impl<I> ResponseStream<I>
where
    I: Iterator<Item = Result<Chunk, StreamError>>,
{
    pub fn new(inner: I, max_chunks: usize, max_bytes: usize) -> Self {
        Self {
            inner,
            state: StreamState::Open { chunks_seen: 0, bytes_seen: 0 },
            max_chunks,
            max_bytes,
        }
    }

    pub fn state(&self) -> &StreamState {
        &self.state
    }

    pub fn was_truncated(&self) -> bool {
        matches!(self.state, StreamState::Truncated { .. })
    }
}

impl<I> Iterator for ResponseStream<I>
where
    I: Iterator<Item = Result<Chunk, StreamError>>,
{
    type Item = Result<Chunk, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.state {
            StreamState::Open { chunks_seen, bytes_seen }
                if *chunks_seen >= self.max_chunks || *bytes_seen >= self.max_bytes =>
            {
                let at_chunk = *chunks_seen;
                self.state = StreamState::Truncated { at_chunk };
                None
            }
            StreamState::Open { chunks_seen, bytes_seen } => match self.inner.next() {
                Some(Ok(chunk)) => {
                    *chunks_seen += 1;
                    *bytes_seen += chunk.data.len();
                    Some(Ok(chunk))
                }
                Some(Err(err)) => Some(Err(err)),
                None => {
                    self.state = StreamState::Finished;
                    None
                }
            },
            StreamState::Truncated { .. } | StreamState::Finished => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(n: usize) -> impl Iterator<Item = Result<Chunk, StreamError>> {
        (0..n).map(|index| Ok(Chunk { index, data: "tok ".into() }))
    }

    #[test]
    fn cuts_after_max_chunks() {
        let mut stream = ResponseStream::new(chunks(100), 5, usize::MAX);
        assert_eq!(stream.by_ref().count(), 5);
        assert!(stream.was_truncated());
    }

    #[test]
    fn short_stream_finishes() {
        let mut stream = ResponseStream::new(chunks(3), 5, 1 << 20);
        assert_eq!(stream.by_ref().count(), 3);
        assert_eq!(stream.state(), &StreamState::Finished);
    }
}
