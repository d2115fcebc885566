pub mod info;
pub mod retry;
pub mod retry_config;

pub use retry_config::RetryConfig;

#[derive(Debug)]
pub enum Error {
    Retryable(String),
    Fatal(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Retryable(m) => write!(f, "retryable: {m}"),
            Error::Fatal(m) => write!(f, "{m}"),
        }
    }
}

const TRANSPORT_ERROR_CODES: [&str; 3] = ["ERR_STREAM_PREMATURE_CLOSE", "ECONNRESET", "ETIMEDOUT"];

pub struct ProviderError {
    pub status: Option<u16>,
    pub code: Option<String>,
    pub message: String,
}

pub fn into_retry(error: ProviderError, retry_config: &RetryConfig) -> Error {
    if let Some(code) = error.status {
        if retry_config.status_codes.contains(&code) {
            return Error::Retryable(error.message);
        }
    }
    if error
        .code
        .as_deref()
        .is_some_and(|code| TRANSPORT_ERROR_CODES.contains(&code))
    {
        return Error::Retryable(error.message);
    }
    Error::Fatal(error.message)
}
