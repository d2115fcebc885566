//! HTTP/1 connection read buffering and head parsing limits.

pub mod io;
pub mod role;

pub use io::{Buffered, ReadStrategy};
pub use role::{parse_headers, ParseContext};

#[derive(Debug, PartialEq, Eq)]
pub enum Parse {
    TooLarge,
    Header,
    TooManyHeaders,
    HeaderTimeout,
}

impl std::fmt::Display for Parse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Parse::TooLarge => "message head is too large",
            Parse::Header => "invalid HTTP header parsed",
            Parse::TooManyHeaders => "too many headers",
            Parse::HeaderTimeout => "read header from client timeout",
        })
    }
}
