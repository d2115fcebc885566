/*
 * This file implements the custom retry logic.
 * Retries are configured via the RetryConfig struct in the TOML.
 * We also handle the fact that certain errors are non-retryable.
 */
use std::fmt;
use std::time::Duration;

use crate::backon::ExponentialBuilder;
use crate::Error;

#[derive(Debug, Copy, Clone, PartialEq)]
pub struct RetryConfig {
    pub num_retries: usize,
    pub max_delay_s: f32,
}

impl RetryConfig {
    fn to_json_pretty(&self) -> String {
        format!(
            "{{\n  \"num_retries\": {},\n  \"max_delay_s\": {}\n}}",
            self.num_retries, self.max_delay_s
        )
    }
}

impl fmt::Display for RetryConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_json_pretty())
    }
}

impl Default for RetryConfig {
    fn default() -> Self {
        RetryConfig {
            num_retries: default_num_retries(),
            max_delay_s: default_max_delay_s(),
        }
    }
}

fn default_num_retries() -> usize {
    0
}

fn default_max_delay_s() -> f32 {
    10.0
}

impl RetryConfig {
    pub fn retry<R>(
        &self,
        mut func: impl FnMut() -> Result<R, Error>,
        sleep: impl Fn(Duration),
    ) -> Result<R, Error> {
        let mut backoff = self.get_backoff().build();
        loop {
            match func() {
                Ok(result) => return Ok(result),
                Err(err) if err.is_retryable() => match backoff.next() {
                    Some(delay) => sleep(delay),
                    None => return Err(err),
                },
                Err(err) => return Err(err),
            }
        }
    }

    /// Like `retry`, but collects intermediate errors from failed attempts.
    pub fn retry_collecting_errors<R>(
        &self,
        mut func: impl FnMut() -> Result<R, Error>,
        sleep: impl Fn(Duration),
    ) -> (Result<R, Error>, Vec<Error>) {
        let mut backoff = self.get_backoff().build();
        let mut errors = Vec::new();
        loop {
            match func() {
                Ok(result) => return (Ok(result), errors),
                Err(err) => {
                    if !err.is_retryable() {
                        return (Err(err), errors);
                    }
                    match backoff.next() {
                        Some(delay) => {
                            errors.push(err);
                            sleep(delay);
                        }
                        None => return (Err(err), errors),
                    }
                }
            }
        }
    }

    fn get_backoff(&self) -> ExponentialBuilder {
        ExponentialBuilder::default()
            .with_jitter()
            .with_max_delay(Duration::from_secs_f32(self.max_delay_s))
            .with_max_times(self.num_retries)
    }
}

/// Row shape of the retry config as stored in the config database.
#[derive(Debug, Clone)]
pub struct StoredRetryConfig {
    pub num_retries: i32,
    pub max_delay_s: f32,
}

impl From<StoredRetryConfig> for RetryConfig {
    fn from(stored: StoredRetryConfig) -> Self {
        RetryConfig {
            num_retries: stored.num_retries as usize,
            max_delay_s: stored.max_delay_s,
        }
    }
}

impl From<&RetryConfig> for StoredRetryConfig {
    fn from(config: &RetryConfig) -> Self {
        StoredRetryConfig {
            num_retries: config.num_retries as i32,
            max_delay_s: config.max_delay_s,
        }
    }
}
