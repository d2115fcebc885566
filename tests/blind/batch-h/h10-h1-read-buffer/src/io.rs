use std::cmp;
use std::io::Read;
use std::time::Instant;

use crate::role::{self, ParseContext, ParsedMessage};
use crate::Parse;

/// The initial buffer size allocated before trying to read from IO.
pub const INIT_BUFFER_SIZE: usize = 8192;

/// The minimum value that can be set to max buffer size.
pub const MINIMUM_MAX_BUFFER_SIZE: usize = INIT_BUFFER_SIZE;

/// The default maximum read buffer size. If the buffer gets this big and
/// a message is still not complete, a `TooLarge` error is triggered.
pub const DEFAULT_MAX_BUFFER_SIZE: usize = 8192 + 4096 * 100;

pub struct Buffered<T> {
    flush_pipeline: bool,
    io: T,
    read_blocked: bool,
    read_buf: Vec<u8>,
    read_buf_strategy: ReadStrategy,
}

impl<T: Read> Buffered<T> {
    pub fn new(io: T) -> Buffered<T> {
        Buffered {
            flush_pipeline: false,
            io,
            read_blocked: false,
            read_buf: Vec::with_capacity(0),
            read_buf_strategy: ReadStrategy::default(),
        }
    }

    pub fn set_flush_pipeline(&mut self, enabled: bool) {
        self.flush_pipeline = enabled;
    }

    pub fn set_max_buf_size(&mut self, max: usize) {
        assert!(max >= MINIMUM_MAX_BUFFER_SIZE, "The max_buf_size cannot be smaller than {}.", MINIMUM_MAX_BUFFER_SIZE);
        self.read_buf_strategy = ReadStrategy::with_max(max);
    }

    pub fn set_read_buf_exact_size(&mut self, sz: usize) {
        self.read_buf_strategy = ReadStrategy::Exact(sz);
    }

    pub fn read_buf(&self) -> &[u8] {
        &self.read_buf
    }

    pub fn is_read_blocked(&self) -> bool {
        self.read_blocked
    }

    pub fn parse(&mut self, ctx: ParseContext<'_>) -> Result<ParsedMessage, Parse> {
        loop {
            if let Some(msg) = role::parse_headers(&mut self.read_buf, &ctx)? {
                return Ok(msg);
            }
            // Check if we've exceeded the max read buffer size.
            let max = self.read_buf_strategy.max();
            if self.read_buf.len() >= max {
                eprintln!("max_buf_size ({}) reached, closing", max);
                return Err(Parse::TooLarge);
            }
            if let Some(deadline) = ctx.h1_header_read_deadline {
                if Instant::now() >= deadline {
                    return Err(Parse::HeaderTimeout);
                }
            }
            match self.poll_read_from_io() {
                Ok(0) => return Err(Parse::Header),
                Ok(_) => {}
                Err(_) => return Err(Parse::Header),
            }
        }
    }

    pub fn poll_read_from_io(&mut self) -> std::io::Result<usize> {
        self.read_blocked = false;
        let next = self.read_buf_strategy.next();
        let mut buf = vec![0u8; next];
        let n = self.io.read(&mut buf)?;
        self.read_buf.extend_from_slice(&buf[..n]);
        self.read_buf_strategy.record(n);
        Ok(n)
    }
}

#[derive(Clone, Copy, Debug)]
pub enum ReadStrategy {
    Adaptive { decrease_now: bool, next: usize, max: usize },
    Exact(usize),
}

impl ReadStrategy {
    fn with_max(max: usize) -> ReadStrategy {
        ReadStrategy::Adaptive { decrease_now: false, next: INIT_BUFFER_SIZE, max }
    }

    fn next(&self) -> usize {
        match *self {
            ReadStrategy::Adaptive { next, .. } => next,
            ReadStrategy::Exact(exact) => exact,
        }
    }

    fn max(&self) -> usize {
        match *self {
            ReadStrategy::Adaptive { max, .. } => max,
            ReadStrategy::Exact(exact) => exact,
        }
    }

    fn record(&mut self, bytes_read: usize) {
        match *self {
            ReadStrategy::Adaptive { ref mut decrease_now, ref mut next, max, .. } => {
                if bytes_read >= *next {
                    *next = cmp::min(incr_power_of_two(*next), max);
                    *decrease_now = false;
                } else {
                    let decr_to = prev_power_of_two(*next);
                    if bytes_read < decr_to {
                        if *decrease_now {
                            *next = cmp::max(decr_to, INIT_BUFFER_SIZE);
                            *decrease_now = false;
                        } else {
                            // Decreasing is a two "record" process.
                            *decrease_now = true;
                        }
                    } else {
                        // A read within the current range should cancel
                        // a potential decrease, since we just saw proof
                        // that we still need this size.
                        *decrease_now = false;
                    }
                }
            }
            ReadStrategy::Exact(_) => (),
        }
    }
}

fn incr_power_of_two(n: usize) -> usize {
    n.saturating_mul(2)
}

fn prev_power_of_two(n: usize) -> usize {
    // Only way this shift can underflow is if n is less than 4.
    // (Which would means `usize::MAX >> 64` and underflowed!)
    debug_assert!(n >= 4);
    (usize::MAX >> (n.leading_zeros() + 2)) + 1
}

impl Default for ReadStrategy {
    fn default() -> ReadStrategy {
        ReadStrategy::with_max(DEFAULT_MAX_BUFFER_SIZE)
    }
}
