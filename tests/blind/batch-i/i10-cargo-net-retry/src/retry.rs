//! Utilities for retrying a network operation.
//!
//! Some network errors are considered "spurious", meaning it is not a real
//! error (such as a 404 not found) and is likely a transient error (like a
//! bad network connection) that we can hope will resolve itself shortly. The
//! [`Retry`] type offers a way to repeatedly perform some kind of network
//! operation with a delay if it detects one of these possibly transient
//! errors.
//!
//! The number of retries can be configured by the user via the `net.retry`
//! config option. This indicates the number of times to retry the operation
//! (default 3 times for a total of 4 attempts).

use std::cmp::min;
use std::fmt;
use std::time::Duration;

use crate::config::NetConfig;

/// An HTTP response that was not successful.
#[derive(Debug, Clone)]
pub struct HttpNotSuccessful {
    pub code: u32,
    pub url: String,
    pub headers: Vec<String>,
}

impl fmt::Display for HttpNotSuccessful {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "failed to get successful HTTP response from `{}`, got {}", self.url, self.code)
    }
}

#[derive(Debug)]
pub enum NetError {
    Http(HttpNotSuccessful),
    Io(std::io::Error),
    Other(String),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Http(e) => e.fmt(f),
            NetError::Io(e) => e.fmt(f),
            NetError::Other(s) => f.write_str(s),
        }
    }
}

/// Where warnings about retries are printed.
pub trait Shell {
    fn warn(&mut self, msg: String) -> Result<(), NetError>;
}

/// State for managing retrying a network operation.
pub struct Retry<'a> {
    shell: &'a mut dyn Shell,
    /// The number of failed attempts that have been done so far.
    ///
    /// Starts at 0, and increases by one each time an attempt fails.
    retries: u64,
    /// The maximum number of times the operation should be retried.
    ///
    /// 0 means it should never retry.
    max_retries: u64,
}

/// The result of attempting some operation via [`Retry::try`].
pub enum RetryResult<T> {
    /// The operation was successful.
    Success(T),
    /// The operation was an error, and it should not be tried again.
    Err(NetError),
    /// The operation failed, and should be tried again in the future.
    ///
    /// The wrapped value is the number of milliseconds to wait before trying
    /// again.
    Retry(u64),
}

/// Maximum amount of time a single retry can be delayed (milliseconds).
const MAX_RETRY_SLEEP_MS: u64 = 10 * 1000;
/// The minimum initial amount of time a retry will be delayed (milliseconds).
const INITIAL_RETRY_SLEEP_BASE_MS: u64 = 500;
/// The maximum amount of additional time the initial retry will take (milliseconds).
const INITIAL_RETRY_JITTER_MS: u64 = 1000;

impl<'a> Retry<'a> {
    pub fn new(net: &NetConfig, shell: &'a mut dyn Shell) -> Retry<'a> {
        Retry {
            shell,
            retries: 0,
            max_retries: net.retry.unwrap_or(3) as u64,
        }
    }

    /// Calls the given callback, and returns a [`RetryResult`] which
    /// indicates whether or not this needs to be called again at some point
    /// in the future to retry the operation if it failed.
    pub fn r#try<T>(&mut self, f: impl FnOnce() -> Result<T, NetError>) -> RetryResult<T> {
        match f() {
            Err(ref e) if maybe_spurious(e) && self.retries < self.max_retries => {
                let err_msg = e.to_string();
                let left_retries = self.max_retries - self.retries;
                let msg = format!(
                    "spurious network error ({} {} remaining): {err_msg}",
                    left_retries,
                    if left_retries != 1 { "tries" } else { "try" }
                );
                if let Err(e) = self.shell.warn(msg) {
                    return RetryResult::Err(e);
                }
                self.retries += 1;
                let retry_after = match e {
                    NetError::Http(http) => parse_retry_after(http),
                    _ => None,
                };
                let sleep = retry_after
                    // Limit the Retry-After to a maximum value to avoid waiting too long.
                    .map(|retry_after| retry_after.min(MAX_RETRY_SLEEP_MS))
                    .unwrap_or_else(|| self.next_sleep_ms());
                RetryResult::Retry(sleep)
            }
            Err(e) => RetryResult::Err(e),
            Ok(r) => RetryResult::Success(r),
        }
    }

    /// Gets the next sleep duration in milliseconds.
    fn next_sleep_ms(&self) -> u64 {
        if self.retries == 1 {
            INITIAL_RETRY_SLEEP_BASE_MS + jitter(INITIAL_RETRY_JITTER_MS)
        } else {
            min(
                ((self.retries - 1) * 3) * 1000 + INITIAL_RETRY_SLEEP_BASE_MS,
                MAX_RETRY_SLEEP_MS,
            )
        }
    }
}

fn jitter(bound: u64) -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos() as u64)
        .unwrap_or(0);
    nanos % bound
}

/// Parse the HTTP `Retry-After` header (delay-seconds form only).
fn parse_retry_after(response: &HttpNotSuccessful) -> Option<u64> {
    // Only applies to HTTP 429 (too many requests) and 503 (service unavailable).
    if !matches!(response.code, 429 | 503) {
        return None;
    }
    let retry_after = response
        .headers
        .iter()
        .filter_map(|h| h.split_once(':'))
        .map(|(k, v)| (k.trim(), v.trim()))
        .find(|(k, _)| k.eq_ignore_ascii_case("retry-after"))?
        .1;
    retry_after.parse::<u32>().ok().map(|secs| secs as u64 * 1000)
}

fn maybe_spurious(err: &NetError) -> bool {
    match err {
        NetError::Io(e) => matches!(
            e.kind(),
            std::io::ErrorKind::TimedOut
                | std::io::ErrorKind::ConnectionReset
                | std::io::ErrorKind::ConnectionRefused
                | std::io::ErrorKind::UnexpectedEof
        ),
        NetError::Http(not_200) => {
            500 <= not_200.code && not_200.code < 600 || not_200.code == 429
        }
        NetError::Other(_) => false,
    }
}

/// Wrapper method for network call retry logic.
///
/// Retry counts provided by Config object `net.retry`. Config shell outputs
/// a warning on per retry.
pub fn with_retry<T, F>(net: &NetConfig, shell: &mut dyn Shell, mut callback: F) -> Result<T, NetError>
where
    F: FnMut() -> Result<T, NetError>,
{
    let mut retry = Retry::new(net, shell);
    loop {
        match retry.r#try(&mut callback) {
            RetryResult::Success(r) => return Ok(r),
            RetryResult::Err(e) => return Err(e),
            RetryResult::Retry(sleep) => std::thread::sleep(Duration::from_millis(sleep)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Quiet;
    impl Shell for Quiet {
        fn warn(&mut self, _msg: String) -> Result<(), NetError> {
            Ok(())
        }
    }

    fn spurious() -> Result<(), NetError> {
        Err(NetError::Http(HttpNotSuccessful {
            code: 503,
            url: "Uri".to_string(),
            headers: vec!["Retry-After: 0".to_string()],
        }))
    }

    #[test]
    fn gives_up_after_configured_retries() {
        let net = NetConfig {
            retry: Some(2),
            ..Default::default()
        };
        let mut shell = Quiet;
        let mut retry = Retry::new(&net, &mut shell);
        assert!(matches!(retry.r#try(spurious), RetryResult::Retry(0)));
        assert!(matches!(retry.r#try(spurious), RetryResult::Retry(0)));
        assert!(matches!(retry.r#try(spurious), RetryResult::Err(_)));
    }

    #[test]
    fn with_retry_repeats_the_call_then_works() {
        let mut results = vec![Ok(()), spurious(), spurious()];
        let mut shell = Quiet;
        let result = with_retry(&NetConfig::default(), &mut shell, || results.pop().unwrap());
        assert!(result.is_ok());
    }
}
