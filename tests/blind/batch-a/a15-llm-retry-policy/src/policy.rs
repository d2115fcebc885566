use std::time::Duration;

/// How the client retries failed completions.
///
/// Rate-limit responses and server errors are budgeted separately: a
/// provider that throttles usually recovers, one that returns 5xx often does not.
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    pub max_server_retries: u32,
    pub max_throttle_retries: u32, //@ BL003
    pub base_delay: Duration,
    pub max_delay: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_server_retries: 3,
            max_throttle_retries: 8,
            base_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(30),
        }
    }
}

/// Retries made so far for one request.
#[derive(Debug, Clone, Default)]
pub struct RetryState {
    pub server_retries: u32,
    pub throttle_retries: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    Throttled { retry_after: Option<Duration> },
    Status(u16),
    Transport(String),
    Fatal(String),
}

impl RetryPolicy {
    fn backoff(&self, attempt: u32) -> Duration {
        let factor = 1u32 << attempt.min(16);
        self.base_delay.saturating_mul(factor).min(self.max_delay)
    }

    /// The delay before the next attempt, or `None` to give up.
    pub fn next_delay(&self, state: &mut RetryState, failure: &Failure) -> Option<Duration> {
        match failure {
            Failure::Throttled { retry_after } => {
                if state.throttle_retries >= self.max_server_retries { //@ BL005
                    return None;
                }
                state.throttle_retries += 1;
                let wait = retry_after.unwrap_or_else(|| self.backoff(state.throttle_retries));
                Some(wait.min(self.max_delay))
            }
            Failure::Status(code) if *code >= 500 => self.server_retry(state),
            Failure::Transport(_) => self.server_retry(state),
            Failure::Status(_) | Failure::Fatal(_) => None,
        }
    }

    fn server_retry(&self, state: &mut RetryState) -> Option<Duration> {
        if state.server_retries >= self.max_server_retries {
            return None;
        }
        state.server_retries += 1;
        Some(self.backoff(state.server_retries))
    }
}
