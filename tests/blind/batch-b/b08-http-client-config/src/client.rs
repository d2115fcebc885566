use std::fmt;
use std::io::Read;
use std::time::Duration;

use crate::body::CountingBody;
use crate::config::ClientConfig;

/// What the transport hands back for one request.
pub struct RawResponse {
    pub status: u16,
    pub location: Option<String>,
    pub body: Box<dyn Read + Send>,
}

pub trait Transport {
    fn send(
        &self,
        url: &str,
        user_agent: &str,
        connect_timeout: Option<Duration>,
        timeout: Option<Duration>,
    ) -> std::io::Result<RawResponse>;
}

pub struct Response {
    pub status: u16,
    pub url: String,
    pub body: CountingBody<Box<dyn Read + Send>>,
}

#[derive(Debug)]
pub enum Error {
    TooManyRedirects { last: String },
    Io(std::io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::TooManyRedirects { last } => write!(f, "too many redirects (last: {last})"),
            Error::Io(e) => write!(f, "transport error: {e}"),
        }
    }
}

pub struct Client<T> {
    config: ClientConfig,
    transport: T,
}

impl<T: Transport> Client<T> {
    pub fn new(config: ClientConfig, transport: T) -> Self {
        Client { config, transport }
    }

    /// GETs `url`, following redirects.
    pub fn get(&self, url: &str) -> Result<Response, Error> {
        let mut url = url.to_string();
        let mut hops = 0usize;
        loop {
            let raw = self
                .transport
                .send(&url, &self.config.user_agent, self.config.connect_timeout, self.config.timeout)
                .map_err(Error::Io)?;
            match (raw.status, raw.location) {
                (301 | 302 | 303 | 307 | 308, Some(next)) => {
                    if hops >= self.config.redirect_limit {
                        return Err(Error::TooManyRedirects { last: next });
                    }
                    hops += 1;
                    url = next;
                }
                (status, _) => {
                    if self.config.verbose {
                        eprintln!(
                            "* {status} from {url} after {hops} redirect(s); body limit {} bytes",
                            self.config.max_body_bytes
                        );
                    }
                    return Ok(Response { status, url, body: CountingBody::new(raw.body) });
                }
            }
        }
    }

    /// GETs `url` and reads the whole body.
    pub fn get_bytes(&self, url: &str) -> Result<Vec<u8>, Error> {
        let mut resp = self.get(url)?;
        let mut out = Vec::new();
        resp.body.read_to_end(&mut out).map_err(Error::Io)?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    struct Loop;

    impl Transport for Loop {
        fn send(&self, url: &str, _: &str, _: Option<Duration>, _: Option<Duration>) -> std::io::Result<RawResponse> {
            Ok(RawResponse {
                status: 302,
                location: Some(format!("{url}/x")),
                body: Box::new(Cursor::new(Vec::new())),
            })
        }
    }

    #[test]
    fn redirect_loop_is_cut_off() {
        let client = Client::new(ClientConfig { redirect_limit: 3, ..Default::default() }, Loop);
        assert!(matches!(client.get("http://a"), Err(Error::TooManyRedirects { .. })));
    }
}
