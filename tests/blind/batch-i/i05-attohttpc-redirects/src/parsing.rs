use crate::error::{InvalidResponseKind, Result};
use crate::settings::BaseSettings;

#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// The URLs that were visited before this response, oldest first.
    pub redirect_history: Vec<String>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

pub fn parse_response(raw: &[u8], settings: &BaseSettings) -> Result<Response> {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or(InvalidResponseKind::StatusLine)?;
    let head = std::str::from_utf8(&raw[..split]).map_err(|_| InvalidResponseKind::Header)?;
    let body = raw[split + 4..].to_vec();

    let mut lines = head.split("\r\n");
    let status_line = lines.next().ok_or(InvalidResponseKind::StatusLine)?;
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or(InvalidResponseKind::StatusLine)?;

    let mut headers = Vec::new();
    for line in lines {
        if headers.len() >= settings.max_headers {
            return Err(InvalidResponseKind::TooManyHeaders.into());
        }
        let (k, v) = line.split_once(':').ok_or(InvalidResponseKind::Header)?;
        headers.push((k.trim().to_string(), v.trim().to_string()));
    }

    Ok(Response { status, headers, body, redirect_history: Vec::new() })
}
