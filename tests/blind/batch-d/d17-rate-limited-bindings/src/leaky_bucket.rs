//! Blocking stand-in for the `leaky_bucket` crate.
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct RateLimiter {
    refill: usize,
    interval: Duration,
    max: usize,
    state: Mutex<(usize, Instant)>,
}

pub struct Builder {
    initial: usize,
    refill: usize,
    interval: Duration,
    max: Option<usize>,
}

impl RateLimiter {
    pub fn builder() -> Builder {
        Builder {
            initial: 0,
            refill: 1,
            interval: Duration::from_millis(100),
            max: None,
        }
    }

    /// Blocks until `permits` tokens are available, then takes them.
    pub fn acquire(&self, permits: usize) {
        loop {
            {
                let mut state = self.state.lock().unwrap();
                let (ref mut balance, ref mut last) = *state;
                let elapsed = last.elapsed();
                if elapsed >= self.interval {
                    let ticks = (elapsed.as_nanos() / self.interval.as_nanos()) as usize;
                    *balance = (*balance + ticks * self.refill).min(self.max);
                    *last += self.interval * ticks as u32;
                }
                if *balance >= permits {
                    *balance -= permits;
                    return;
                }
            }
            std::thread::sleep(self.interval / 4);
        }
    }
}

impl Builder {
    pub fn initial(mut self, initial: usize) -> Self {
        self.initial = initial;
        self
    }
    pub fn interval(mut self, interval: Duration) -> Self {
        self.interval = interval;
        self
    }
    pub fn refill(mut self, refill: usize) -> Self {
        self.refill = refill;
        self
    }
    pub fn max(mut self, max: usize) -> Self {
        self.max = Some(max);
        self
    }
    pub fn build(self) -> RateLimiter {
        let max = self.max.unwrap_or(self.refill.max(self.initial));
        RateLimiter {
            refill: self.refill,
            interval: self.interval,
            max,
            state: Mutex::new((self.initial, Instant::now())),
        }
    }
}
