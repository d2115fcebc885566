//! Stand-in for the `backoff` crate: gives up once `max_elapsed_time` has passed.
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct ExponentialBackoff {
    pub current_interval: Duration,
    pub multiplier: f64,
    pub randomization_factor: f64,
    pub max_elapsed_time: Option<Duration>,
    pub start_time: Instant,
}

#[derive(Debug, Default)]
pub struct ExponentialBackoffBuilder {
    initial_interval: Option<Duration>,
    multiplier: Option<f64>,
    randomization_factor: Option<f64>,
    max_elapsed_time: Option<Option<Duration>>,
}

impl ExponentialBackoffBuilder {
    pub fn with_initial_interval(&mut self, v: Duration) -> &mut Self {
        self.initial_interval = Some(v);
        self
    }
    pub fn with_multiplier(&mut self, v: f64) -> &mut Self {
        self.multiplier = Some(v);
        self
    }
    pub fn with_randomization_factor(&mut self, v: f64) -> &mut Self {
        self.randomization_factor = Some(v);
        self
    }
    pub fn with_max_elapsed_time(&mut self, v: Option<Duration>) -> &mut Self {
        self.max_elapsed_time = Some(v);
        self
    }
    pub fn build(&self) -> ExponentialBackoff {
        ExponentialBackoff {
            current_interval: self.initial_interval.unwrap_or(Duration::from_millis(500)),
            multiplier: self.multiplier.unwrap_or(1.5),
            randomization_factor: self.randomization_factor.unwrap_or(0.5),
            max_elapsed_time: self.max_elapsed_time.unwrap_or(Some(Duration::from_secs(900))),
            start_time: Instant::now(),
        }
    }
}

impl ExponentialBackoff {
    pub fn next_backoff(&mut self) -> Option<Duration> {
        let elapsed = self.start_time.elapsed();
        let next = self.current_interval.mul_f64(1.0 + self.randomization_factor / 2.0);
        if let Some(max) = self.max_elapsed_time {
            if elapsed + next > max {
                return None;
            }
        }
        self.current_interval = self.current_interval.mul_f64(self.multiplier);
        Some(next)
    }
}

/// Retries `op` while the backoff still yields intervals.
pub fn retry<T, E>(mut backoff: ExponentialBackoff, mut op: impl FnMut() -> Result<T, E>) -> Result<T, E> {
    loop {
        match op() {
            Ok(v) => return Ok(v),
            Err(e) => match backoff.next_backoff() {
                Some(wait) => std::thread::sleep(wait),
                None => return Err(e),
            },
        }
    }
}
