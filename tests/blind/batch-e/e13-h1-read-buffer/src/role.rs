//! Parsing of message heads.

use crate::Error;

/// Headers beyond this count are rejected unless configured otherwise.
pub const DEFAULT_MAX_HEADERS: usize = 100;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
    Post,
    Other,
}

/// Per-call context for `parse_headers`.
pub struct ParseContext<'a> {
    pub req_method: &'a mut Option<Method>,
    pub h1_max_headers: Option<usize>,
}

#[derive(Debug)]
pub struct ParsedMessage {
    pub method: Method,
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub keep_alive: bool,
}

/// Parses a request head out of `buf`, consuming it; `Ok(None)` if incomplete.
pub fn parse_headers(buf: &mut Vec<u8>, ctx: ParseContext<'_>) -> Result<Option<ParsedMessage>, Error> {
    let end = match buf.windows(4).position(|w| w == b"\r\n\r\n") {
        Some(pos) => pos,
        None => return Ok(None),
    };
    let head = String::from_utf8_lossy(&buf[..end]).into_owned();
    buf.drain(..end + 4);

    let max_headers = ctx.h1_max_headers.unwrap_or(DEFAULT_MAX_HEADERS);
    let mut lines = head.split("\r\n");
    let request_line = lines.next().ok_or(Error::Parse("empty head"))?;
    let mut parts = request_line.split(' ');
    let method = match parts.next() {
        Some("GET") => Method::Get,
        Some("HEAD") => Method::Head,
        Some("POST") => Method::Post,
        Some(_) => Method::Other,
        None => return Err(Error::Parse("missing method")),
    };
    let path = parts.next().ok_or(Error::Parse("missing path"))?.to_string();

    let mut headers = Vec::new();
    let mut keep_alive = true;
    for line in lines {
        if headers.len() >= max_headers {
            return Err(Error::TooLarge);
        }
        let (name, value) = line.split_once(':').ok_or(Error::Parse("invalid header"))?;
        let (name, value) = (name.trim().to_string(), value.trim().to_string());
        if name.eq_ignore_ascii_case("connection") && value.eq_ignore_ascii_case("close") {
            keep_alive = false;
        }
        headers.push((name, value));
    }

    *ctx.req_method = Some(method);
    Ok(Some(ParsedMessage { method, path, headers, keep_alive }))
}
