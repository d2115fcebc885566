use std::cmp;
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, Read, Write};

use crate::role::{self, ParseContext, ParsedMessage};
use crate::Error;

/// The initial buffer size allocated before trying to read from IO.
pub(crate) const INIT_BUFFER_SIZE: usize = 8192;

/// The minimum value that can be set to max buffer size.
pub const MINIMUM_MAX_BUFFER_SIZE: usize = INIT_BUFFER_SIZE;

/// The default maximum read buffer size. If the buffer gets this big and
/// a message is still not complete, a `TooLarge` error is triggered.
pub(crate) const DEFAULT_MAX_BUFFER_SIZE: usize = 8192 + 4096 * 100;

/// The maximum number of distinct `Buf`s to hold in a list before requiring
/// a flush. Only affects when the buffer strategy is to queue buffers.
const MAX_BUF_LIST_BUFFERS: usize = 16;

pub struct Buffered<T> {
    flush_pipeline: bool,
    io: T,
    read_buf: Vec<u8>,
    read_buf_strategy: ReadStrategy,
    write_buf: WriteBuf,
}

impl<T> fmt::Debug for Buffered<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Buffered")
            .field("read_buf", &self.read_buf.len())
            .field("write_buf", &self.write_buf.remaining())
            .finish()
    }
}

impl<T: Read + Write> Buffered<T> {
    pub fn new(io: T) -> Buffered<T> {
        Buffered {
            flush_pipeline: false,
            io,
            read_buf: Vec::with_capacity(0),
            read_buf_strategy: ReadStrategy::default(),
            write_buf: WriteBuf::new(),
        }
    }

    pub fn set_flush_pipeline(&mut self, enabled: bool) {
        debug_assert!(self.write_buf.remaining() == 0);
        self.flush_pipeline = enabled;
        if enabled {
            self.set_write_strategy_flatten();
        }
    }

    pub fn set_max_buf_size(&mut self, max: usize) {
        assert!(
            max >= MINIMUM_MAX_BUFFER_SIZE,
            "The max_buf_size cannot be smaller than {}.",
            MINIMUM_MAX_BUFFER_SIZE,
        );
        self.read_buf_strategy = ReadStrategy::with_max(max);
        self.write_buf.max_buf_size = max;
    }

    pub fn set_read_buf_exact_size(&mut self, sz: usize) {
        self.read_buf_strategy = ReadStrategy::Exact(sz);
    }

    pub fn set_write_strategy_flatten(&mut self) {
        self.write_buf.strategy = WriteStrategy::Flatten;
    }

    pub fn set_write_strategy_queue(&mut self) {
        self.write_buf.strategy = WriteStrategy::Queue;
    }

    pub fn buffer(&mut self, buf: Vec<u8>) {
        self.write_buf.buffer(buf)
    }

    pub fn can_buffer(&self) -> bool {
        self.flush_pipeline || self.write_buf.can_buffer()
    }

    pub(crate) fn parse(&mut self, parse_ctx: ParseContext<'_>) -> Result<ParsedMessage, Error> {
        loop {
            match role::parse_headers(
                &mut self.read_buf,
                ParseContext {
                    req_method: &mut *parse_ctx.req_method,
                    h1_max_headers: parse_ctx.h1_max_headers,
                },
            )? {
                Some(msg) => {
                    return Ok(msg);
                }
                None => {
                    let max = self.read_buf_strategy.max();
                    if self.read_buf.len() >= max {
                        return Err(Error::TooLarge);
                    }
                }
            }
            if self.read_from_io().map_err(Error::Io)? == 0 {
                return Err(Error::Incomplete);
            }
        }
    }

    pub fn read_from_io(&mut self) -> io::Result<usize> {
        let next = self.read_buf_strategy.next();
        let start = self.read_buf.len();
        self.read_buf.resize(start + next, 0);
        let n = self.io.read(&mut self.read_buf[start..])?;
        self.read_buf.truncate(start + n);
        self.read_buf_strategy.record(n);
        Ok(n)
    }

    pub fn flush(&mut self) -> io::Result<()> {
        if self.flush_pipeline && !self.read_buf.is_empty() {
            return Ok(());
        }
        self.write_buf.flatten_into(&mut self.io)?;
        self.io.flush()
    }
}

#[derive(Clone, Copy, Debug)]
enum ReadStrategy {
    Adaptive {
        decrease_now: bool,
        next: usize,
        max: usize,
    },
    Exact(usize),
}

impl ReadStrategy {
    fn with_max(max: usize) -> ReadStrategy {
        ReadStrategy::Adaptive {
            decrease_now: false,
            next: INIT_BUFFER_SIZE,
            max,
        }
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
        if let ReadStrategy::Adaptive {
            ref mut decrease_now,
            ref mut next,
            max,
            ..
        } = *self
        {
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WriteStrategy {
    Flatten,
    Queue,
}

// an internal buffer to collect writes before flushes
struct WriteBuf {
    /// Re-usable buffer that holds message headers
    headers: Vec<u8>,
    max_buf_size: usize,
    /// Deque of user buffers if strategy is Queue
    queue: VecDeque<Vec<u8>>,
    strategy: WriteStrategy,
}

impl WriteBuf {
    fn new() -> WriteBuf {
        WriteBuf {
            headers: Vec::with_capacity(INIT_BUFFER_SIZE),
            max_buf_size: DEFAULT_MAX_BUFFER_SIZE,
            queue: VecDeque::new(),
            strategy: WriteStrategy::Flatten,
        }
    }

    fn remaining(&self) -> usize {
        self.headers.len() + self.queue.iter().map(Vec::len).sum::<usize>()
    }

    fn buffer(&mut self, buf: Vec<u8>) {
        debug_assert!(!buf.is_empty());
        match self.strategy {
            WriteStrategy::Flatten => self.headers.extend_from_slice(&buf),
            WriteStrategy::Queue => self.queue.push_back(buf),
        }
    }

    fn can_buffer(&self) -> bool {
        match self.strategy {
            WriteStrategy::Flatten => self.remaining() < self.max_buf_size,
            WriteStrategy::Queue => {
                self.queue.len() < MAX_BUF_LIST_BUFFERS && self.remaining() < self.max_buf_size
            }
        }
    }

    fn flatten_into<W: Write>(&mut self, io: &mut W) -> io::Result<()> {
        io.write_all(&self.headers)?;
        self.headers.clear();
        while let Some(buf) = self.queue.pop_front() {
            io.write_all(&buf)?;
        }
        Ok(())
    }
}
