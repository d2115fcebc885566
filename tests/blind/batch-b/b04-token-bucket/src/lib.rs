//! A thread-safe token bucket.
//!
//! The bucket holds at most `burst` tokens and refills continuously at
//! `per_second` tokens a second. A caller asks for `n` tokens and either gets
//! them at once or learns how long to wait.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How fast the bucket refills and how much it can hold.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quota {
    per_second: f64,
    burst: u32,
}

impl Quota {
    pub fn per_second(rate: u32) -> Self {
        Quota { per_second: rate as f64, burst: rate.max(1) }
    }

    pub fn per_minute(rate: u32) -> Self {
        Quota { per_second: rate as f64 / 60.0, burst: rate.max(1) }
    }

    /// Allows bursts of up to `burst` cells.
    pub fn allow_burst(self, burst: u32) -> Self {
        Quota { burst: burst.max(1), ..self }
    }

    pub fn burst_size(&self) -> u32 {
        self.burst
    }
}

#[derive(Debug, PartialEq)]
pub enum Denied {
    /// Try again after this long.
    Wait(Duration),
    /// More than the bucket can ever hold was asked for.
    InsufficientCapacity(u32),
}

#[derive(Debug)]
struct Level {
    available: f64,
    refreshed: Instant,
}

#[derive(Debug)]
pub struct TokenBucket {
    quota: Quota,
    level: Mutex<Level>,
}

impl TokenBucket {
    /// A bucket that starts full.
    pub fn new(quota: Quota) -> Self {
        Self::starting_at(quota, Instant::now())
    }

    pub fn starting_at(quota: Quota, now: Instant) -> Self {
        TokenBucket {
            quota,
            level: Mutex::new(Level { available: quota.burst_size() as f64, refreshed: now }),
        }
    }

    pub fn check(&self) -> Result<(), Denied> {
        self.check_n_at(1, Instant::now())
    }

    pub fn check_n_at(&self, n: u32, now: Instant) -> Result<(), Denied> {
        if n > self.quota.burst_size() {
            return Err(Denied::InsufficientCapacity(self.quota.burst_size()));
        }
        let mut level = self.level.lock().unwrap_or_else(|e| e.into_inner());
        let elapsed = now.saturating_duration_since(level.refreshed).as_secs_f64();
        level.available =
            (level.available + elapsed * self.quota.per_second).min(self.quota.burst_size() as f64);
        level.refreshed = now;

        let want = n as f64;
        if level.available >= want {
            level.available -= want;
            Ok(())
        } else {
            let missing = want - level.available;
            Err(Denied::Wait(Duration::from_secs_f64(missing / self.quota.per_second)))
        }
    }

    /// Tokens that could be taken right now without waiting.
    pub fn available_at(&self, now: Instant) -> u32 {
        let level = self.level.lock().unwrap_or_else(|e| e.into_inner());
        let elapsed = now.saturating_duration_since(level.refreshed).as_secs_f64();
        let refilled = level.available + elapsed * self.quota.per_second;
        refilled.min(self.quota.burst_size() as f64).floor() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_then_wait() {
        let t0 = Instant::now();
        let bucket = TokenBucket::starting_at(Quota::per_second(2).allow_burst(4), t0);
        assert!(bucket.check_n_at(4, t0).is_ok());
        match bucket.check_n_at(1, t0) {
            Err(Denied::Wait(d)) => assert!(d >= Duration::from_millis(499)),
            other => panic!("unexpected {other:?}"),
        }
        assert!(bucket.check_n_at(1, t0 + Duration::from_millis(500)).is_ok());
    }

    #[test]
    fn oversize_request_is_refused() {
        let bucket = TokenBucket::new(Quota::per_minute(10));
        assert_eq!(bucket.check_n_at(11, Instant::now()), Err(Denied::InsufficientCapacity(10)));
        assert!(bucket.check().is_ok());
    }
}
