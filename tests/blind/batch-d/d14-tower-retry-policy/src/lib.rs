pub mod client;
pub mod retry;
pub mod tower;

pub use retry::{should_retry, SimpleRetryPolicy};

#[derive(Debug, Clone, PartialEq)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn is_server_error(&self) -> bool {
        (500..600).contains(&self.status)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum OpenAIError {
    Reqwest { message: String, is_connect: bool },
    ApiError(String),
    InvalidArgument(String),
}

/// A request that can be rebuilt for every attempt.
#[derive(Debug, Clone, PartialEq)]
pub struct HttpRequestFactory {
    pub method: &'static str,
    pub path: String,
    pub body: String,
}
