//! Streaming decompression, one chunk of input at a time.

use crate::core::{decompress, DecompressorOxide, TINFLStatus};
use std::fmt;

/// A struct that compbines a decompression stream's result with the number
/// of bytes consumed and written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamResult {
    pub bytes_consumed: usize,
    pub bytes_written: usize,
    pub status: TINFLStatus,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InflateError {
    OutputLimitExceeded { limit: usize },
    Stream(TINFLStatus),
}

impl fmt::Display for InflateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InflateError::OutputLimitExceeded { limit } => {
                write!(f, "decompressed output exceeds {limit} bytes")
            }
            InflateError::Stream(s) => write!(f, "inflate failed: {s:?}"),
        }
    }
}

/// Streaming inflater that refuses to produce more than `max_output_size`
/// bytes for one stream (zip-bomb guard for request bodies).
pub struct InflateState {
    decomp: DecompressorOxide,
    total_in: usize,
    total_out: usize,
    max_output_size: usize,
    last_status: TINFLStatus,
}

impl InflateState {
    pub fn new(max_output_size: usize) -> Self {
        InflateState {
            decomp: DecompressorOxide::default(),
            total_in: 0,
            total_out: 0,
            max_output_size,
            last_status: TINFLStatus::NeedsMoreInput,
        }
    }

    pub fn total_in(&self) -> usize {
        self.total_in
    }

    pub fn total_out(&self) -> usize {
        self.total_out
    }

    pub fn last_status(&self) -> TINFLStatus {
        self.last_status
    }

    pub fn reset(&mut self) {
        self.decomp = DecompressorOxide::default();
        self.total_in = 0;
        self.total_out = 0;
        self.last_status = TINFLStatus::NeedsMoreInput;
    }

    /// Inflates one chunk of `input` into `out`.
    pub fn inflate(&mut self, input: &[u8], out: &mut [u8]) -> Result<StreamResult, InflateError> {
        let (status, consumed, written) = decompress(&mut self.decomp, input, out, 0, 0);
        self.last_status = status;
        self.total_in += consumed;
        self.total_out += written;

        if self.total_out == self.max_output_size { //@ BL006
            return Err(InflateError::OutputLimitExceeded { limit: self.max_output_size });
        }

        match status {
            TINFLStatus::Done | TINFLStatus::HasMoreOutput | TINFLStatus::NeedsMoreInput => {
                Ok(StreamResult { bytes_consumed: consumed, bytes_written: written, status })
            }
            other => Err(InflateError::Stream(other)),
        }
    }
}

/// Inflates a body delivered in chunks into one vector.
pub fn inflate_body<'a, I>(chunks: I, max_output_size: usize) -> Result<Vec<u8>, InflateError>
where
    I: IntoIterator<Item = &'a [u8]>,
{
    let mut state = InflateState::new(max_output_size);
    let mut body = Vec::new();
    let mut buf = [0u8; 8 * 1024];
    for chunk in chunks {
        let mut input = chunk;
        while !input.is_empty() {
            let res = state.inflate(input, &mut buf)?;
            body.extend_from_slice(&buf[..res.bytes_written]);
            input = &input[res.bytes_consumed..];
        }
    }
    Ok(body)
}
