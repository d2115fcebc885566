use std::time::Duration;

/// Client settings, typically filled from the application's config file.
#[derive(Debug, Clone)]
pub struct ClientConfig {
    pub user_agent: String,
    /// Redirects followed before giving up with `Error::TooManyRedirects`.
    pub redirect_limit: usize,
    pub connect_timeout: Option<Duration>,
    /// Whole-request timeout, handed to the transport.
    pub timeout: Option<Duration>,
    /// Largest response body accepted, in bytes.
    pub max_body_bytes: u64,
    pub verbose: bool,
}

impl Default for ClientConfig {
    fn default() -> Self {
        ClientConfig {
            user_agent: concat!("b08/", env!("CARGO_PKG_VERSION")).to_string(),
            redirect_limit: 10,
            connect_timeout: Some(Duration::from_secs(10)),
            timeout: Some(Duration::from_secs(30)),
            max_body_bytes: 16 * 1024 * 1024,
            verbose: false,
        }
    }
}
