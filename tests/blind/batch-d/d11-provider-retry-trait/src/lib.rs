pub mod base;
pub mod openai;
pub mod retry;

pub use base::Provider;
pub use retry::{ProviderRetry, RetryConfig};

use std::time::Duration;

#[derive(Debug, Clone, PartialEq)]
pub enum ProviderError {
    Authentication(String),
    ContextLengthExceeded(String),
    RateLimitExceeded {
        details: String,
        retry_delay: Option<Duration>,
    },
    ServerError(String),
    RequestFailed(String),
}
