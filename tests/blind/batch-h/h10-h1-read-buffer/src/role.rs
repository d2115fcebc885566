use std::time::Instant;

use crate::Parse;

pub const DEFAULT_MAX_HEADERS: usize = 100;

pub struct ParseContext<'a> {
    pub req_method: &'a mut Option<String>,
    pub h1_max_headers: Option<usize>,
    pub h1_header_read_deadline: Option<Instant>,
}

#[derive(Debug)]
pub struct ParsedMessage {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
}

/// Header slot, as handed to the tokenizer.
#[derive(Clone, Copy, Default)]
pub struct HeaderIndices {
    pub name: (usize, usize),
    pub value: (usize, usize),
}

/// Tokenizes a request head into `headers`; fails when the head has more
/// header lines than `headers` has slots.
fn tokenize(buf: &[u8], headers: &mut [HeaderIndices]) -> Result<Option<(usize, usize, usize)>, Parse> {
    let end = match buf.windows(4).position(|w| w == b"\r\n\r\n") {
        Some(p) => p + 4,
        None => return Ok(None),
    };
    let mut count = 0;
    let mut pos = match buf.windows(2).position(|w| w == b"\r\n") {
        Some(p) => p + 2,
        None => return Err(Parse::Header),
    };
    while pos + 2 < end {
        let line_end = pos + buf[pos..].windows(2).position(|w| w == b"\r\n").ok_or(Parse::Header)?;
        let colon = pos + buf[pos..line_end].iter().position(|&b| b == b':').ok_or(Parse::Header)?;
        let slot = headers.get_mut(count).ok_or(Parse::TooManyHeaders)?;
        *slot = HeaderIndices { name: (pos, colon), value: (colon + 1, line_end) };
        count += 1;
        pos = line_end + 2;
    }
    let first_line = buf.windows(2).position(|w| w == b"\r\n").unwrap();
    Ok(Some((end, count, first_line)))
}

pub fn parse_headers(buf: &mut Vec<u8>, ctx: &ParseContext<'_>) -> Result<Option<ParsedMessage>, Parse> {
    if buf.is_empty() {
        return Ok(None);
    }
    let max_headers = ctx.h1_max_headers.unwrap_or(DEFAULT_MAX_HEADERS);
    let mut headers_indices = vec![HeaderIndices::default(); max_headers];

    let (len, count, first_line) = match tokenize(buf, &mut headers_indices)? {
        Some(parts) => parts,
        None => return Ok(None),
    };
    let text = |r: (usize, usize)| String::from_utf8_lossy(&buf[r.0..r.1]).trim().to_string();
    let line = String::from_utf8_lossy(&buf[..first_line]).to_string();
    let mut parts = line.split(' ');
    let method = parts.next().unwrap_or_default().to_string();
    let path = parts.next().unwrap_or_default().to_string();
    let headers = headers_indices[..count].iter().map(|h| (text(h.name), text(h.value))).collect();
    buf.drain(..len);
    Ok(Some(ParsedMessage { method, path, headers }))
}
