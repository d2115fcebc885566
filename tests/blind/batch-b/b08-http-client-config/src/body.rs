use std::io::{self, Read};

/// Wraps a response body and counts what the caller has read from it.
pub struct CountingBody<R> {
    inner: R,
    body_consumed: u64, //@ BL002
}

impl<R: Read> CountingBody<R> {
    pub fn new(inner: R) -> Self {
        CountingBody { inner, body_consumed: 0 }
    }

    /// Bytes handed out so far.
    pub fn consumed(&self) -> u64 {
        self.body_consumed
    }
}

impl<R: Read> Read for CountingBody<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.body_consumed += n as u64;
        Ok(n)
    }
}
