//! Bump arena for per-request scratch data in the query executor.
//!
//! Data is copied into large chunks and addressed by [`Span`]s. An optional
//! allocation limit bounds how much chunk memory one request may pull from
//! the global allocator.

use std::fmt;

const FIRST_CHUNK: usize = 4 * 1024;
const MAX_CHUNK_DOUBLING: usize = 1 << 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    chunk: usize,
    start: usize,
    len: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AllocError {
    LimitReached { requested: usize, limit: Option<usize> },
}

impl fmt::Display for AllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let AllocError::LimitReached { requested, limit } = self;
        write!(f, "arena chunk of {requested} bytes refused (limit {limit:?})")
    }
}

pub struct Arena {
    chunks: Vec<Vec<u8>>,
    /// Bytes of chunk memory requested from the global allocator so far.
    footprint: usize, //@? BL002
    /// Chunk memory this arena may still request.
    headroom: usize, //@ BL001
    allocation_limit: Option<usize>,
}

impl Default for Arena {
    fn default() -> Self {
        Self::new()
    }
}

impl Arena {
    pub fn new() -> Self {
        Self { chunks: Vec::new(), footprint: 0, headroom: usize::MAX, allocation_limit: None }
    }

    /// Builder-style limit, set before the arena is handed to the request.
    pub fn with_allocation_limit(self, limit: usize) -> Self {
        Self { allocation_limit: Some(limit), headroom: limit, ..self }
    }

    pub fn allocation_limit(&self) -> Option<usize> {
        self.allocation_limit
    }

    /// Total chunk memory, including unused tails.
    pub fn allocated_bytes(&self) -> usize {
        self.footprint
    }

    fn next_chunk_size(&self, min: usize) -> usize {
        let last = self.chunks.last().map_or(FIRST_CHUNK / 2, Vec::capacity);
        (last * 2).min(MAX_CHUNK_DOUBLING).max(min).max(FIRST_CHUNK)
    }

    fn new_chunk(&mut self, min: usize) -> Result<(), AllocError> {
        let size = self.next_chunk_size(min);
        if size > self.headroom {
            return Err(AllocError::LimitReached { requested: size, limit: self.allocation_limit });
        }
        self.chunks.push(Vec::with_capacity(size));
        self.footprint += size;
        Ok(())
    }

    /// Copies `data` into the arena.
    pub fn alloc_slice_copy(&mut self, data: &[u8]) -> Result<Span, AllocError> {
        let fits = self
            .chunks
            .last()
            .is_some_and(|c| c.capacity() - c.len() >= data.len());
        if !fits {
            self.new_chunk(data.len())?;
        }
        let chunk = self.chunks.len() - 1;
        let buf = &mut self.chunks[chunk];
        let start = buf.len();
        buf.extend_from_slice(data);
        Ok(Span { chunk, start, len: data.len() })
    }

    pub fn alloc_str(&mut self, s: &str) -> Result<Span, AllocError> {
        self.alloc_slice_copy(s.as_bytes())
    }

    pub fn get(&self, span: Span) -> &[u8] {
        &self.chunks[span.chunk][span.start..span.start + span.len]
    }

    /// Drops all data but keeps the largest chunk for reuse.
    pub fn reset(&mut self) {
        if let Some(mut keep) = self.chunks.pop() {
            keep.clear();
            self.chunks.clear();
            self.footprint = keep.capacity();
            self.chunks.push(keep);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Arena {
        fn charge_for_test(&mut self, bytes: usize) {
            self.headroom -= bytes;
        }
    }

    #[test]
    fn round_trip() {
        let mut a = Arena::new();
        let s = a.alloc_str("hello").unwrap();
        assert_eq!(a.get(s), b"hello");
    }

    #[test]
    fn limit_refuses_chunk() {
        let mut a = Arena::new().with_allocation_limit(8 * 1024);
        a.charge_for_test(6 * 1024);
        assert!(a.alloc_slice_copy(&[0; 16]).is_err());
    }
}
