//! Stand-in for `codex_api`: enforces the retry policy and idle timeout it is handed.
use std::time::{Duration, Instant};

use crate::CodexErr;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiWireApi {
    Responses,
    Chat,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RetryConfig {
    pub max_attempts: u64,
    pub base_delay: Duration,
    pub retry_429: bool,
    pub retry_5xx: bool,
    pub retry_transport: bool,
}

#[derive(Debug, Clone)]
pub struct Provider {
    pub name: String,
    pub base_url: String,
    pub wire: ApiWireApi,
    pub headers: Vec<(String, String)>,
    pub retry: RetryConfig,
    pub stream_idle_timeout: Duration,
}

impl RetryConfig {
    fn should_retry(&self, err: &CodexErr) -> bool {
        match err {
            CodexErr::Http(429) => self.retry_429,
            CodexErr::Http(code) => self.retry_5xx && *code >= 500,
            CodexErr::Stream(..) => self.retry_transport,
            _ => false,
        }
    }
}

pub fn run_with_retry<T>(
    policy: &RetryConfig,
    mut make_request: impl FnMut() -> Result<T, CodexErr>,
    sleep: impl Fn(Duration),
) -> Result<T, CodexErr> {
    for attempt in 0..=policy.max_attempts {
        match make_request() {
            Ok(resp) => return Ok(resp),
            Err(err) if policy.should_retry(&err) && attempt < policy.max_attempts => {
                sleep(policy.base_delay * 2u32.saturating_pow(attempt as u32));
            }
            Err(err) => return Err(err),
        }
    }
    Err(CodexErr::Stream("retry limit reached".into(), None))
}

/// Fails when no event arrives within the provider's idle timeout.
pub fn drain_stream(
    provider: &Provider,
    mut next_event: impl FnMut() -> Option<Option<String>>,
) -> Result<Vec<String>, CodexErr> {
    let mut events = Vec::new();
    let mut last_activity = Instant::now();
    loop {
        match next_event() {
            Some(Some(event)) => {
                last_activity = Instant::now();
                events.push(event);
            }
            Some(None) => return Ok(events),
            None if last_activity.elapsed() >= provider.stream_idle_timeout => {
                return Err(CodexErr::Stream("idle timeout waiting for SSE".into(), None));
            }
            None => {}
        }
    }
}
