use std::time::Duration;

use crate::retry_config::RetryConfig;
use crate::Error;

pub fn retry_with_config<T, F, C>(
    config: &RetryConfig,
    mut operation: F,
    notify: Option<C>,
    sleep: impl Fn(Duration),
) -> Result<T, Error>
where
    F: FnMut() -> Result<T, Error>,
    C: Fn(&Error, Duration),
{
    let mut strategy = ExponentialBuilder::default()
        .with_min_delay(Duration::from_millis(config.min_delay_ms))
        .with_factor(config.backoff_factor as f32)
        .with_max_times(config.max_attempts)
        .with_jitter()
        .build();

    loop {
        match operation() {
            Ok(value) => return Ok(value),
            Err(error) if should_retry(&error) => match strategy.next() {
                Some(delay) => {
                    if let Some(callback) = &notify {
                        callback(&error, delay);
                    }
                    sleep(delay);
                }
                None => return Err(error),
            },
            Err(error) => return Err(error),
        }
    }
}

/// Determines if an error should trigger a retry attempt.
fn should_retry(error: &Error) -> bool {
    matches!(error, Error::Retryable(_))
}

// ---- small stand-in for `backon::ExponentialBuilder` ----

#[derive(Debug, Clone)]
pub struct ExponentialBuilder {
    jitter: bool,
    factor: f32,
    min_delay: Duration,
    max_delay: Option<Duration>,
    max_times: Option<usize>,
}

impl Default for ExponentialBuilder {
    fn default() -> Self {
        Self {
            jitter: false,
            factor: 2.0,
            min_delay: Duration::from_secs(1),
            max_delay: Some(Duration::from_secs(60)),
            max_times: Some(3),
        }
    }
}

impl ExponentialBuilder {
    pub fn with_jitter(mut self) -> Self {
        self.jitter = true;
        self
    }
    pub fn with_factor(mut self, factor: f32) -> Self {
        self.factor = factor;
        self
    }
    pub fn with_min_delay(mut self, min_delay: Duration) -> Self {
        self.min_delay = min_delay;
        self
    }
    pub fn with_max_delay(mut self, max_delay: Duration) -> Self {
        self.max_delay = Some(max_delay);
        self
    }
    pub fn with_max_times(mut self, max_times: usize) -> Self {
        self.max_times = Some(max_times);
        self
    }

    pub fn build(self) -> ExponentialBackoff {
        ExponentialBackoff {
            builder: self,
            current_delay: None,
            attempts: 0,
        }
    }
}

pub struct ExponentialBackoff {
    builder: ExponentialBuilder,
    current_delay: Option<Duration>,
    attempts: usize,
}

impl Iterator for ExponentialBackoff {
    type Item = Duration;

    fn next(&mut self) -> Option<Duration> {
        if self.builder.max_times.is_some_and(|max| self.attempts >= max) {
            return None;
        }
        self.attempts += 1;
        let mut delay = match self.current_delay {
            None => self.builder.min_delay,
            Some(d) => d.mul_f32(self.builder.factor),
        };
        if let Some(max_delay) = self.builder.max_delay {
            delay = delay.min(max_delay);
        }
        self.current_delay = Some(delay);
        if self.builder.jitter {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or(0);
            delay += Duration::from_millis((nanos % 100) as u64);
        }
        Some(delay)
    }
}
