use std::time::{Duration, Instant};

use crate::rate::Rate;
use crate::{Poll, Service};

/// Enforces a rate limit on the number of requests the underlying
/// service can handle over a period of time.
#[derive(Debug)]
pub struct RateLimit<T> {
    inner: T,
    rate: Rate,
    state: State,
    sleep_until: Instant,
}

#[derive(Debug)]
enum State {
    // The service has hit its limit
    Limited,
    Ready { until: Instant, rem: u64 },
}

impl<T> RateLimit<T> {
    /// Create a new rate limiter
    pub fn new(inner: T, rate: Rate) -> Self {
        let until = Instant::now();
        let state = State::Ready { until, rem: rate.num() };

        RateLimit { inner, rate, state, sleep_until: until }
    }

    /// Get a reference to the inner service
    pub fn get_ref(&self) -> &T {
        &self.inner
    }

    /// Consume `self`, returning the inner service
    pub fn into_inner(self) -> T {
        self.inner
    }
}

impl<S, Request> Service<Request> for RateLimit<S>
where
    S: Service<Request>,
{
    type Response = S::Response;
    type Error = S::Error;

    fn poll_ready(&mut self, now: Instant) -> Poll<Result<(), Self::Error>> {
        match self.state {
            State::Ready { .. } => return self.inner.poll_ready(now),
            State::Limited => {
                if now < self.sleep_until {
                    return Poll::Pending;
                }
            }
        }

        self.state = State::Ready { until: now + self.rate.per(), rem: self.rate.num() };

        self.inner.poll_ready(now)
    }

    fn call(&mut self, request: Request, now: Instant) -> Result<Self::Response, Self::Error> {
        match self.state {
            State::Ready { mut until, mut rem } => {
                // If the period has elapsed, reset it.
                if now >= until {
                    until = now + self.rate.per();
                    rem = self.rate.num();
                }

                if rem > 1 {
                    rem -= 1;
                    self.state = State::Ready { until, rem };
                } else {
                    // The service is disabled until further notice
                    self.sleep_until = until;
                    self.state = State::Limited;
                }

                // Call the inner future
                self.inner.call(request, now)
            }
            State::Limited => panic!("service not ready; poll_ready must be called first"),
        }
    }
}

/// Enforces a rate limit on the number of requests the underlying
/// service can handle over a period of time.
#[derive(Debug, Clone)]
pub struct RateLimitLayer {
    rate: Rate,
}

impl RateLimitLayer {
    /// Create new rate limit layer.
    pub fn new(num: u64, per: Duration) -> Self {
        let rate = Rate::new(num, per);
        RateLimitLayer { rate }
    }

    pub fn layer<S>(&self, service: S) -> RateLimit<S> {
        RateLimit::new(service, self.rate)
    }
}
