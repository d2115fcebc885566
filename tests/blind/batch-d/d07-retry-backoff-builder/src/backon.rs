//! Minimal stand-in for the `backon` crate's exponential backoff.
use std::time::Duration;

#[derive(Debug, Clone, Copy)]
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
            jitter: self.jitter,
            factor: self.factor,
            min_delay: self.min_delay,
            max_delay: self.max_delay,
            max_times: self.max_times,
            current_delay: None,
            attempts: 0,
        }
    }
}

#[derive(Debug)]
pub struct ExponentialBackoff {
    jitter: bool,
    factor: f32,
    min_delay: Duration,
    max_delay: Option<Duration>,
    max_times: Option<usize>,
    current_delay: Option<Duration>,
    attempts: usize,
}

impl Iterator for ExponentialBackoff {
    type Item = Duration;

    fn next(&mut self) -> Option<Self::Item> {
        if self.attempts >= self.max_times.unwrap_or(usize::MAX) {
            return None;
        }
        self.attempts += 1;
        let next = match self.current_delay {
            None => self.min_delay,
            Some(current) => current.mul_f32(self.factor),
        };
        let capped = match self.max_delay {
            Some(max_delay) => next.min(max_delay),
            None => next,
        };
        self.current_delay = Some(capped);
        if self.jitter {
            Some(capped + capped.mul_f32(0.1))
        } else {
            Some(capped)
        }
    }
}
