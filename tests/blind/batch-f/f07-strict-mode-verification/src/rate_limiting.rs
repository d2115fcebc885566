use std::time::{Duration, Instant};

/// A rate limiter based on the token bucket algorithm.
/// The bucket is refilled at a constant rate of `tokens_per_sec` tokens per second and
/// has a maximum capacity of `capacity_per_minute` tokens to allow for bursts.
#[derive(Debug)]
pub struct RateLimiter {
    // Maximum tokens the bucket can hold.
    capacity_per_minute: u64,
    // Tokens added per second.
    tokens_per_sec: f64,
    // Current tokens in the bucket.
    tokens: f64,
    // Last time tokens were updated.
    last_check: Instant,
}

impl RateLimiter {
    /// Create a new rate limiter for `requests_num` requests per minute.
    pub fn new_per_minute(requests_num: usize) -> Self {
        let tokens_per_sec = requests_num as f64 / 60.0;
        RateLimiter {
            capacity_per_minute: requests_num as u64,
            tokens_per_sec,
            tokens: requests_num as f64, // Start with a full bucket to allow burst at the beginning.
            last_check: Instant::now(),
        }
    }

    /// Attempt to consume a given number of tokens.
    pub fn try_consume(&mut self, tokens: f64) -> Result<(), RateLimitError> {
        // Consumer wants more than maximum capacity, that's impossible
        if tokens > self.capacity_per_minute as f64 {
            return Err(RateLimitError::AlwaysOverBudget(
                "request larger than rate limiter capacity, please try to split your request",
            ));
        }

        let now = Instant::now();
        let elapsed = now.duration_since(self.last_check);
        self.last_check = now;

        // Refill tokens based on elapsed time.
        self.tokens += self.tokens_per_sec * elapsed.as_secs_f64();
        if self.tokens > self.capacity_per_minute as f64 {
            self.tokens = self.capacity_per_minute as f64;
        }

        if self.tokens >= tokens {
            self.tokens -= tokens; // Consume `cost` tokens.
            Ok(())
        } else {
            let missing_tokens = tokens - self.tokens;
            let retry_after = Duration::from_secs_f64(missing_tokens / self.tokens_per_sec);
            debug_assert!(retry_after > Duration::from_secs(0));
            Err(RateLimitError::Retry(RetryError { tokens_available: self.tokens, retry_after }))
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RetryError {
    /// Number of tokens that were available at the time of the request but didn't suffice.
    pub tokens_available: f64,
    /// Estimated time to wait before retrying request
    pub retry_after: Duration,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RateLimitError {
    /// Operation that will always be over budget.
    AlwaysOverBudget(&'static str),
    /// Operation that can be retried later.
    Retry(RetryError),
}
