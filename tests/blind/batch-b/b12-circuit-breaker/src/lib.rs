//! Circuit breaker for calls to a flaky dependency.
//!
//! Closed: calls pass, consecutive failures are counted. Open: calls are
//! refused until the cool-down passes. Half-open: a few probe calls are let
//! through; a success closes the breaker, a failure opens it again.

use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy)]
pub struct Thresholds {
    /// Consecutive failures that open the breaker.
    pub failure_limit: u32, //@ BL003
    /// Probe calls allowed while half-open.
    pub probe_limit: u32,
    /// Time spent open before probing.
    pub cool_down: Duration,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds { failure_limit: 5, probe_limit: 1, cool_down: Duration::from_secs(30) }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum State {
    Closed { failure_count: u32 },
    Open { until: Instant },
    HalfOpen { probe_count: u32 },
}

#[derive(Debug, PartialEq, Eq)]
pub enum Rejected {
    Open,
    ProbesBusy,
}

#[derive(Debug)]
pub struct Breaker {
    thresholds: Thresholds,
    state: State,
    trips: u64,
}

impl Breaker {
    pub fn new(thresholds: Thresholds) -> Self {
        Breaker { thresholds, state: State::Closed { failure_count: 0 }, trips: 0 }
    }

    /// Asks permission for one call.
    pub fn acquire(&mut self, now: Instant) -> Result<(), Rejected> {
        if let State::Open { until } = self.state {
            if now < until {
                return Err(Rejected::Open);
            }
            self.state = State::HalfOpen { probe_count: 0 };
        }
        match &mut self.state {
            State::HalfOpen { probe_count } => {
                if *probe_count >= self.thresholds.probe_limit {
                    return Err(Rejected::ProbesBusy);
                }
                *probe_count += 1;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    pub fn on_success(&mut self) {
        self.state = State::Closed { failure_count: 0 };
    }

    pub fn on_failure(&mut self, now: Instant) {
        match &mut self.state {
            State::Closed { failure_count } => {
                *failure_count += 1;
                if *failure_count >= self.thresholds.probe_limit { //@ BL005
                    self.trip(now);
                }
            }
            State::HalfOpen { .. } => self.trip(now),
            State::Open { .. } => {}
        }
    }

    fn trip(&mut self, now: Instant) {
        self.trips += 1;
        self.state = State::Open { until: now + self.thresholds.cool_down };
    }

    pub fn is_open(&self) -> bool {
        matches!(self.state, State::Open { .. })
    }

    pub fn trips(&self) -> u64 {
        self.trips
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_and_probes() {
        let t0 = Instant::now();
        let mut b = Breaker::new(Thresholds { failure_limit: 1, ..Default::default() });
        b.acquire(t0).unwrap();
        b.on_failure(t0);
        assert!(b.is_open());
        assert_eq!(b.acquire(t0), Err(Rejected::Open));
        let later = t0 + Duration::from_secs(31);
        assert!(b.acquire(later).is_ok());
        assert_eq!(b.acquire(later), Err(Rejected::ProbesBusy));
        b.on_success();
        assert!(!b.is_open());
        assert_eq!(b.trips(), 1);
    }
}
