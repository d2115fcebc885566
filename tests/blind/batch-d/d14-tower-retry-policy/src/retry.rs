use std::time::Duration;

use crate::tower::{Policy, Sleep};
use crate::{HttpRequestFactory, OpenAIError, Response};

/// Header containing the maximum request count permitted before rate-limit exhaustion.
pub const X_RATELIMIT_LIMIT_REQUESTS: &str = "x-ratelimit-limit-requests";
/// Header containing the maximum token count permitted before rate-limit exhaustion.
pub const X_RATELIMIT_LIMIT_TOKENS: &str = "x-ratelimit-limit-tokens";
/// Header containing the remaining request count before rate-limit exhaustion.
pub const X_RATELIMIT_REMAINING_REQUESTS: &str = "x-ratelimit-remaining-requests";
/// Header containing the remaining token count before rate-limit exhaustion.
pub const X_RATELIMIT_REMAINING_TOKENS: &str = "x-ratelimit-remaining-tokens";

const RATE_LIMIT_HEADERS: [&str; 4] = [
    X_RATELIMIT_LIMIT_REQUESTS,
    X_RATELIMIT_LIMIT_TOKENS,
    X_RATELIMIT_REMAINING_REQUESTS,
    X_RATELIMIT_REMAINING_TOKENS,
];

fn log_rate_limit_headers(response: &Response) {
    for header in RATE_LIMIT_HEADERS {
        if let Some(value) = response.header(header) {
            eprintln!("rate-limit: {header} = {value}");
        }
    }
    if let Some(value) = response.header("retry-after") {
        eprintln!("retry-after={value}");
    }
}

/// Return whether [SimpleRetryPolicy] should retry this result: 429, 5xx,
/// and native connect errors.
pub fn should_retry(result: &Result<Response, OpenAIError>) -> bool {
    match result {
        Ok(response) => response.status == 429 || response.is_server_error(),
        Err(OpenAIError::Reqwest { is_connect, .. }) => *is_connect,
        _ => false,
    }
}

/// Simple retry policy for OpenAI compatible APIs.
///
/// The default policy allows three retry attempts.
#[derive(Clone, Debug)]
pub struct SimpleRetryPolicy {
    max_retries: usize,
    attempts: usize, //@ BL001
    backoff_attempt: u32,
}

impl SimpleRetryPolicy {
    /// Create a policy that allows at most `max_retries` retry attempts.
    ///
    /// This value is the number of additional attempts after the initial
    /// request, not the total number of requests.
    pub fn new(max_retries: usize) -> Self {
        Self {
            max_retries,
            attempts: 0,
            backoff_attempt: 0,
        }
    }

    /// Number of retry attempts configured for this policy.
    pub fn max_retries(&self) -> usize {
        self.max_retries
    }

    /// Number of retry attempts already consumed by this policy instance.
    pub fn attempts(&self) -> usize {
        self.attempts
    }
}

impl Default for SimpleRetryPolicy {
    fn default() -> Self {
        Self::new(3)
    }
}

impl Policy<HttpRequestFactory, Response, OpenAIError> for SimpleRetryPolicy {
    type Future = Sleep;

    fn retry(
        &mut self,
        _req: &mut HttpRequestFactory,
        result: &mut Result<Response, OpenAIError>,
    ) -> Option<Self::Future> {
        if self.attempts >= self.max_retries || !should_retry(result) {
            return None;
        }

        if let Ok(response) = result.as_ref() {
            log_rate_limit_headers(response);
        }

        let retry_after = result
            .as_ref()
            .ok()
            .and_then(|response| response.header("retry-after"))
            .and_then(|value| value.parse::<u64>().ok())
            .map(Duration::from_secs);

        let delay = retry_after.unwrap_or_else(|| {
            let delay =
                Duration::from_millis(100).saturating_mul(2_u32.saturating_pow(self.backoff_attempt));
            self.backoff_attempt = self.backoff_attempt.saturating_add(1);
            delay.min(Duration::from_secs(8))
        });

        Some(Sleep(delay))
    }

    fn clone_request(&mut self, req: &HttpRequestFactory) -> Option<HttpRequestFactory> {
        Some(req.clone())
    }
}
