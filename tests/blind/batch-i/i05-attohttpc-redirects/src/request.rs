use std::time::{Duration, Instant};

use crate::error::{ErrorKind, InvalidResponseKind, Result};
use crate::parsing::{parse_response, Response};
use crate::settings::BaseSettings;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
    Post,
}

impl Method {
    fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Head => "HEAD",
            Method::Post => "POST",
        }
    }
}

/// What a transport needs to open a connection for one round trip.
pub struct ConnectInfo<'a> {
    pub url: &'a str,
    pub connect_timeout: Duration,
    pub read_timeout: Duration,
    pub deadline: Option<Instant>,
}

/// Sends raw request bytes and returns the raw response.
pub trait Transport {
    fn round_trip(&mut self, info: &ConnectInfo<'_>, request: &[u8]) -> Result<Vec<u8>>;
}

/// Represents a request that's ready to be sent. You can inspect this object for information about the request.
#[derive(Debug)]
pub struct PreparedRequest {
    url: String,
    method: Method,
    body: Vec<u8>,
    pub(crate) base_settings: BaseSettings,
    /// URLs this request was redirected away from, oldest first.
    history: Vec<String>,
    num_redirections: u32, //@ BL001
}

impl PreparedRequest {
    pub fn new(method: Method, url: &str, base_settings: BaseSettings) -> Self {
        PreparedRequest {
            url: url.to_string(),
            method,
            body: Vec::new(),
            base_settings,
            history: Vec::new(),
            num_redirections: 0,
        }
    }

    pub fn with_body(mut self, body: Vec<u8>) -> Self {
        self.body = body;
        self
    }

    fn base_redirect_url(&self, location: &str, previous_url: &str) -> Result<String> {
        if location.starts_with("http://") || location.starts_with("https://") {
            return Ok(location.to_string());
        }
        if let Some(path) = location.strip_prefix('/') {
            let scheme_end = previous_url.find("://").ok_or(InvalidResponseKind::RedirectionUrl)? + 3;
            let host_end = previous_url[scheme_end..]
                .find('/')
                .map(|i| i + scheme_end)
                .unwrap_or(previous_url.len());
            return Ok(format!("{}/{}", &previous_url[..host_end], path));
        }
        Err(InvalidResponseKind::RedirectionUrl.into())
    }

    fn write_request(&self, url: &str) -> Vec<u8> {
        let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
        let (host, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, "/"),
        };
        let mut out = format!("{} {} HTTP/1.1\r\nHost: {}\r\n", self.method.as_str(), path, host);
        for (key, value) in &self.base_settings.headers {
            out.push_str(&format!("{}: {}\r\n", key, value));
        }
        if !self.body.is_empty() {
            out.push_str(&format!("Content-Length: {}\r\n", self.body.len()));
        }
        out.push_str("\r\n");
        let mut bytes = out.into_bytes();
        bytes.extend_from_slice(&self.body);
        bytes
    }

    /// Get the URL of this request.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The URLs the last `send` was redirected through.
    pub fn redirect_history(&self) -> &[String] {
        &self.history
    }

    /// Send this request and wait for the result.
    pub fn send(&mut self, transport: &mut dyn Transport) -> Result<Response> {
        let mut url = self.url.clone();

        let deadline = self.base_settings.timeout.map(|timeout| Instant::now() + timeout);
        self.history.clear();

        loop {
            if let Some(deadline) = deadline {
                if Instant::now() >= deadline {
                    return Err(ErrorKind::Timeout.into());
                }
            }

            let info = ConnectInfo {
                url: &url,
                connect_timeout: self.base_settings.connect_timeout,
                read_timeout: self.base_settings.read_timeout,
                deadline,
            };
            let raw = transport.round_trip(&info, &self.write_request(&url))?;
            let mut resp = parse_response(&raw, &self.base_settings)?;

            let is_redirect = matches!(resp.status, 301 | 302 | 303 | 307 | 308);
            if !self.base_settings.follow_redirects || !is_redirect {
                resp.redirect_history = self.history.clone();
                return Ok(resp);
            }

            if self.num_redirections >= self.base_settings.max_redirections {
                return Err(ErrorKind::TooManyRedirections.into());
            }

            // Handle redirect
            let location = resp
                .header("location")
                .ok_or(InvalidResponseKind::LocationHeader)?
                .to_string();

            self.history.push(url.clone());
            url = self.base_redirect_url(&location, &url)?;
        }
    }
}

#[cfg(test)]
mod test {
    use super::*;

    struct Redirector {
        hops: usize,
    }

    impl Transport for Redirector {
        fn round_trip(&mut self, _info: &ConnectInfo<'_>, _request: &[u8]) -> Result<Vec<u8>> {
            if self.hops == 0 {
                return Ok(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".to_vec());
            }
            self.hops -= 1;
            Ok(format!("HTTP/1.1 302 Found\r\nLocation: /hop{}\r\n\r\n", self.hops).into_bytes())
        }
    }

    #[test]
    fn follows_redirects() {
        let mut req = PreparedRequest::new(Method::Get, "http://example.com/", BaseSettings::default());
        let resp = req.send(&mut Redirector { hops: 2 }).unwrap();
        assert_eq!(resp.status, 200);
        assert_eq!(req.redirect_history().len(), 2);
    }

    #[test]
    fn too_many_redirections() {
        let mut req = PreparedRequest::new(Method::Get, "http://example.com/", BaseSettings::default());
        req.num_redirections = req.base_settings.max_redirections;
        let err = req.send(&mut Redirector { hops: 1 }).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::TooManyRedirections));
    }

    #[test]
    fn no_follow() {
        let settings = BaseSettings { follow_redirects: false, ..Default::default() };
        let mut req = PreparedRequest::new(Method::Get, "http://example.com/a", settings);
        let resp = req.send(&mut Redirector { hops: 1 }).unwrap();
        assert_eq!(resp.status, 302);
    }
}
