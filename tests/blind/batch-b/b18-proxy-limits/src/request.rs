use std::io::{self, BufRead, Read, Write};

use crate::limits::ProxyLimits;

#[derive(Debug, PartialEq, Eq)]
pub struct Reject(pub u16, pub &'static str);

/// Returns early with a rejection when the condition holds.
macro_rules! reject_if {
    ($cond:expr => $status:literal, $why:literal) => {
        if $cond {
            return Err(Reject($status, $why));
        }
    };
}

#[derive(Debug, Default)]
pub struct Head {
    pub request_line: String,
    pub headers: Vec<(String, String)>,
    pub content_length: Option<u64>,
    /// Set when the header block passed the soft limit.
    pub oversized: bool,
}

/// Reads the request line and headers.
pub fn read_head<R: BufRead>(mut r: R, limits: &ProxyLimits) -> Result<Head, Reject> {
    let mut head = Head::default();
    let mut header_bytes = 0usize;
    let mut line = String::new();
    loop {
        line.clear();
        let n = r.read_line(&mut line).map_err(|_| Reject(400, "unreadable head"))?;
        reject_if!(n == 0 => 400, "truncated head");
        header_bytes += n;
        reject_if!(header_bytes > limits.header_hard_limit => 431, "header block too large");
        let trimmed = line.trim_end();
        if trimmed.is_empty() {
            break;
        }
        if head.request_line.is_empty() {
            head.request_line = trimmed.to_string();
            continue;
        }
        let (name, value) = trimmed.split_once(':').ok_or(Reject(400, "malformed header"))?;
        if name.eq_ignore_ascii_case("content-length") {
            head.content_length = Some(value.trim().parse().map_err(|_| Reject(400, "bad content-length"))?);
        }
        head.headers.push((name.to_string(), value.trim().to_string()));
    }
    if header_bytes > limits.header_soft_limit {
        head.oversized = true;
        eprintln!("warn: {} byte header block for `{}`", header_bytes, head.request_line);
    }
    if let Some(len) = head.content_length {
        reject_if!(len > limits.max_body => 413, "declared body too large");
    }
    Ok(head)
}

/// Copies the body upstream, refusing once it passes `max_body` (covers
/// chunked bodies, which declare no length).
pub fn forward_body<R: Read, W: Write>(mut body: R, mut upstream: W, limits: &ProxyLimits) -> Result<u64, Reject> {
    let mut forwarded: u64 = 0;
    let mut buf = [0u8; 8192];
    loop {
        let n = match body.read(&mut buf) {
            Ok(0) => return Ok(forwarded),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return Err(Reject(400, "client body error")),
        };
        let room = limits.max_body.saturating_sub(forwarded);
        reject_if!(n as u64 > room => 413, "body too large");
        upstream.write_all(&buf[..n]).map_err(|_| Reject(502, "upstream write failed"))?;
        forwarded += n as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hard_and_soft_header_limits() {
        let limits = ProxyLimits { header_soft_limit: 20, header_hard_limit: 60, ..Default::default() };
        let small = read_head(&b"GET / HTTP/1.1\r\nHost: a\r\n\r\n"[..], &limits).unwrap();
        assert!(small.oversized);
        let big = format!("GET / HTTP/1.1\r\nX-Pad: {}\r\n\r\n", "p".repeat(80));
        assert_eq!(read_head(big.as_bytes(), &limits).unwrap_err().0, 431);
    }

    #[test]
    fn body_limit_applies_without_length() {
        let limits = ProxyLimits { max_body: 10, ..Default::default() };
        let mut sink = Vec::new();
        assert_eq!(forward_body(&[1u8; 10][..], &mut sink, &limits), Ok(10));
        assert_eq!(forward_body(&[1u8; 11][..], &mut sink, &limits).unwrap_err().0, 413);
    }
}
