//! HTTP/1 connection buffering.

pub mod io;
pub mod role;

use std::io::{Read, Write};

use crate::io::Buffered;
use crate::role::{Method, ParseContext, ParsedMessage};

/// A lower-level configuration of the HTTP protocol.
#[derive(Clone, Debug)]
pub struct Http {
    h1_half_close: bool,
    h1_keep_alive: bool,
    h1_writev: Option<bool>,
    h1_max_headers: Option<usize>,
    max_buf_size: Option<usize>,
    pipeline_flush: bool,
}

/// Errors while reading a message head.
#[derive(Debug)]
pub enum Error {
    TooLarge,
    Incomplete,
    Parse(&'static str),
    Io(std::io::Error),
}

impl Http {
    pub fn new() -> Http {
        Http {
            h1_half_close: false,
            h1_keep_alive: true,
            h1_writev: None,
            h1_max_headers: None,
            max_buf_size: None,
            pipeline_flush: false,
        }
    }

    /// Set whether HTTP/1 connections should support half-closures.
    pub fn http1_half_close(&mut self, val: bool) -> &mut Self {
        self.h1_half_close = val;
        self
    }

    /// Enables or disables HTTP/1 keep-alive.
    pub fn http1_keep_alive(&mut self, val: bool) -> &mut Self {
        self.h1_keep_alive = val;
        self
    }

    /// Set whether HTTP/1 connections should try to use vectored writes.
    pub fn http1_writev(&mut self, val: bool) -> &mut Self {
        self.h1_writev = Some(val);
        self
    }

    /// Set the maximum number of headers.
    pub fn http1_max_headers(&mut self, val: usize) -> &mut Self {
        self.h1_max_headers = Some(val);
        self
    }

    /// Set the maximum buffer size for the connection.
    pub fn max_buf_size(&mut self, max: usize) -> &mut Self {
        assert!(
            max >= io::MINIMUM_MAX_BUFFER_SIZE,
            "the max_buf_size cannot be smaller than the minimum that h1 specifies."
        );
        self.max_buf_size = Some(max);
        self
    }

    /// Aggregates flushes to better support pipelined responses.
    pub fn pipeline_flush(&mut self, enabled: bool) -> &mut Self {
        self.pipeline_flush = enabled;
        self
    }

    /// Bind a connection together with the configured options.
    pub fn serve_connection<T: Read + Write>(&self, io: T) -> Connection<T> {
        let mut buffered = Buffered::new(io);
        if self.pipeline_flush {
            buffered.set_flush_pipeline(true);
        }
        if let Some(writev) = self.h1_writev {
            if writev {
                buffered.set_write_strategy_queue();
            } else {
                buffered.set_write_strategy_flatten();
            }
        }
        if let Some(max) = self.max_buf_size {
            buffered.set_max_buf_size(max);
        }
        Connection {
            io: buffered,
            keep_alive: self.h1_keep_alive,
            allow_half_close: self.h1_half_close,
            h1_max_headers: self.h1_max_headers,
        }
    }
}

impl Default for Http {
    fn default() -> Self {
        Self::new()
    }
}

/// A server connection.
pub struct Connection<T> {
    io: Buffered<T>,
    keep_alive: bool,
    allow_half_close: bool,
    h1_max_headers: Option<usize>,
}

impl<T: Read + Write> Connection<T> {
    /// Reads the next request head.
    pub fn read_head(&mut self, req_method: &mut Option<Method>) -> Result<ParsedMessage, Error> {
        let msg = self.io.parse(ParseContext {
            req_method,
            h1_max_headers: self.h1_max_headers,
        })?;
        if !msg.keep_alive {
            self.keep_alive = false;
        }
        Ok(msg)
    }

    /// Queues a response body chunk, flushing when the write buffer is full.
    pub fn write_body(&mut self, chunk: Vec<u8>) -> std::io::Result<()> {
        if !self.io.can_buffer() {
            self.io.flush()?;
        }
        self.io.buffer(chunk);
        Ok(())
    }

    pub fn wants_keep_alive(&self) -> bool {
        self.keep_alive
    }

    pub fn allows_half_close(&self) -> bool {
        self.allow_half_close
    }
}
