use std::fmt;
use std::time::Duration;

/// How the computed delay is randomised.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Jitter {
    None,
    /// Uniform in `[0, delay]`.
    Full,
    /// Uniform in `[delay * (1 - f), delay * (1 + f)]`.
    Bounded(f64),
}

/// A built policy. Fields are public so a policy can also be written as a
/// literal, as in `RetryPolicy { max_retries: 0, ..policy }`.
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    /// Delay before the first retry.
    pub min_delay: Duration,
    /// Upper bound for any single delay.
    pub max_delay: Duration, //@ BL003
    /// Growth factor between consecutive delays.
    pub base: u32,
    /// Retries after the first attempt.
    pub max_retries: u32,
    pub jitter: Jitter,
}

impl RetryPolicy {
    pub fn builder() -> RetryPolicyBuilder {
        RetryPolicyBuilder::default()
    }

    /// Whether a request that already failed `n_past_retries + 1` times may
    /// be tried again.
    pub fn should_retry(&self, n_past_retries: u32) -> bool {
        n_past_retries < self.max_retries
    }

    /// The pause before retry number `n_past_retries + 1`; `unit` is a
    /// uniform sample from `[0, 1)`.
    pub fn delay_for(&self, n_past_retries: u32, unit: f64) -> Duration {
        let exp = self.base.saturating_pow(n_past_retries);
        let delay = self.min_delay.saturating_mul(exp);
        match self.jitter {
            Jitter::None => delay,
            Jitter::Full => delay.mul_f64(unit),
            Jitter::Bounded(f) => delay.mul_f64(1.0 - f + 2.0 * f * unit),
        }
    }
}

#[derive(Debug)]
pub enum BuildError {
    InvertedBounds,
    BadJitter(f64),
    BaseTooSmall,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::InvertedBounds => f.write_str("min_delay is larger than max_delay"),
            BuildError::BadJitter(j) => write!(f, "jitter factor {j} is outside [0, 1]"),
            BuildError::BaseTooSmall => f.write_str("exponential base must be at least 2"),
        }
    }
}

impl std::error::Error for BuildError {}

#[derive(Debug, Clone)]
pub struct RetryPolicyBuilder {
    min_delay: Duration,
    max_delay: Duration,
    base: u32,
    max_retries: u32,
    jitter: Jitter,
}

impl Default for RetryPolicyBuilder {
    fn default() -> Self {
        RetryPolicyBuilder {
            min_delay: Duration::from_millis(50),
            max_delay: Duration::from_secs(60),
            base: 2,
            max_retries: 5,
            jitter: Jitter::Bounded(0.2),
        }
    }
}

impl RetryPolicyBuilder {
    pub fn min_delay(mut self, d: Duration) -> Self {
        self.min_delay = d;
        self
    }

    pub fn max_delay(mut self, d: Duration) -> Self {
        self.max_delay = d;
        self
    }

    pub fn base(mut self, base: u32) -> Self {
        self.base = base;
        self
    }

    pub fn max_retries(mut self, n: u32) -> Self {
        self.max_retries = n;
        self
    }

    pub fn jitter(mut self, jitter: Jitter) -> Self {
        self.jitter = jitter;
        self
    }

    pub fn build(self) -> Result<RetryPolicy, BuildError> {
        if self.min_delay > self.max_delay {
            return Err(BuildError::InvertedBounds);
        }
        if self.base < 2 {
            return Err(BuildError::BaseTooSmall);
        }
        if let Jitter::Bounded(f) = self.jitter {
            if !(0.0..=1.0).contains(&f) {
                return Err(BuildError::BadJitter(f));
            }
        }
        Ok(RetryPolicy {
            min_delay: self.min_delay,
            max_delay: self.max_delay,
            base: self.base,
            max_retries: self.max_retries,
            jitter: self.jitter,
        })
    }
}
