//! This module contains generic backoff utilities to be used with the retry
//! layer.

use std::time::Duration;

/// Trait used to construct [`Backoff`] trait implementors.
pub trait MakeBackoff {
    /// The backoff type produced by this maker.
    type Backoff: Backoff;

    /// Constructs a new backoff type.
    fn make_backoff(&mut self) -> Self::Backoff;
}

/// A backoff trait where a single mutable reference represents a single
/// backoff session.
pub trait Backoff {
    /// Initiate the next backoff in the sequence.
    fn next_backoff(&mut self) -> Duration;
}

/// A maker type for [`ExponentialBackoff`].
#[derive(Debug, Clone)]
pub struct ExponentialBackoffMaker {
    /// The minimum amount of time to wait before resuming an operation.
    min: Duration,
    /// The maximum amount of time to wait before resuming an operation.
    max: Duration,
    /// The ratio of the base timeout that may be randomly added to a backoff.
    jitter: f64,
    rng: HasherRng,
}

/// A jittered [exponential backoff] strategy.
#[derive(Debug, Clone)]
pub struct ExponentialBackoff {
    min: Duration,
    max: Duration,
    jitter: f64,
    rng: HasherRng,
    iterations: u32,
}

/// Error returned when the maker is configured with bad values.
#[derive(Debug)]
pub struct InvalidBackoff(&'static str);

impl std::fmt::Display for InvalidBackoff {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid backoff: {}", self.0)
    }
}

impl ExponentialBackoffMaker {
    /// Create a new `ExponentialBackoff`.
    pub fn new(min: Duration, max: Duration, jitter: f64) -> Result<Self, InvalidBackoff> {
        if min > max {
            return Err(InvalidBackoff("maximum must not be less than minimum"));
        }
        if max == Duration::from_millis(0) {
            return Err(InvalidBackoff("maximum must be non-zero"));
        }
        if jitter < 0.0 {
            return Err(InvalidBackoff("jitter must not be negative"));
        }
        if jitter > 100.0 {
            return Err(InvalidBackoff("jitter must not be greater than 100"));
        }
        if !jitter.is_finite() {
            return Err(InvalidBackoff("jitter must be finite"));
        }

        Ok(ExponentialBackoffMaker { min, max, jitter, rng: HasherRng::default() })
    }
}

impl Default for ExponentialBackoffMaker {
    fn default() -> Self {
        ExponentialBackoffMaker::new(Duration::from_millis(50), Duration::from_millis(u64::MAX), 0.99)
            .expect("Unable to create ExponentialBackoff")
    }
}

impl MakeBackoff for ExponentialBackoffMaker {
    type Backoff = ExponentialBackoff;

    fn make_backoff(&mut self) -> Self::Backoff {
        ExponentialBackoff {
            max: self.max,
            min: self.min,
            jitter: self.jitter,
            rng: self.rng.clone(),
            iterations: 0,
        }
    }
}

impl ExponentialBackoff {
    fn base(&self) -> Duration {
        debug_assert!(
            self.min <= self.max,
            "maximum backoff must not be less than minimum backoff"
        );
        debug_assert!(
            self.max > Duration::from_millis(0),
            "Maximum backoff must be non-zero"
        );
        self.min
            .checked_mul(2_u32.saturating_pow(self.iterations))
            .unwrap_or(self.max)
            .min(self.max)
    }

    /// Returns a random, uniform duration on `[0, base*self.jitter]` no greater
    /// than `self.max`.
    fn jitter(&mut self, base: Duration) -> Duration {
        if self.jitter == 0.0 {
            Duration::default()
        } else {
            let jitter_factor = self.rng.next_f64();
            debug_assert!(
                jitter_factor > 0.0,
                "rng returns values between 0.0 and 1.0"
            );
            let rand_jitter = jitter_factor * self.jitter;
            let secs = (base.as_secs() as f64) * rand_jitter;
            let nanos = (base.subsec_nanos() as f64) * rand_jitter;
            let remaining = self.max - base;
            Duration::new(secs as u64, nanos as u32).min(remaining)
        }
    }
}

impl Backoff for ExponentialBackoff {
    fn next_backoff(&mut self) -> Duration {
        let base = self.base();
        let next = base + self.jitter(base);

        self.iterations += 1;

        next
    }
}

/// A simple xorshift-based rng, seeded from the std hasher.
#[derive(Debug, Clone)]
pub struct HasherRng {
    state: u64,
}

impl Default for HasherRng {
    fn default() -> Self {
        use std::collections::hash_map::RandomState;
        use std::hash::{BuildHasher, Hasher};
        let mut h = RandomState::new().build_hasher();
        h.write_u64(0x9E37_79B9_7F4A_7C15);
        HasherRng { state: h.finish() | 1 }
    }
}

impl HasherRng {
    fn next_f64(&mut self) -> f64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        ((self.state >> 11) as f64 + 1.0) / (1u64 << 53) as f64
    }
}
