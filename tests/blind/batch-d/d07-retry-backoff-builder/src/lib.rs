pub mod backon;
pub mod retries;
pub mod variant;

pub use retries::{RetryConfig, StoredRetryConfig};

#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    InferenceServer { message: String, retryable: bool },
    Config(String),
}

impl Error {
    pub fn is_retryable(&self) -> bool {
        matches!(self, Error::InferenceServer { retryable: true, .. })
    }
}
