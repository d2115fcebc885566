use super::Rate;
use crate::{Poll, Service};
use std::time::Instant;

/// A deadline the service sleeps until once it has used up its window.
#[derive(Debug)]
pub struct Sleep {
    deadline: Instant,
}

impl Sleep {
    fn until(deadline: Instant) -> Self {
        Sleep { deadline }
    }

    fn poll(&self) -> Poll<()> {
        if Instant::now() >= self.deadline {
            Poll::Ready(())
        } else {
            Poll::Pending
        }
    }
}

/// Enforces a rate limit on the number of requests the underlying
/// service can handle over a period of time.
#[derive(Debug)]
pub struct RateLimit<T> {
    inner: T,
    rate: Rate,
    state: State,
}

#[derive(Debug)]
enum State {
    // The service has hit its limit
    Limited(Sleep),
    Ready { until: Instant, rem: u64 },
}

impl<T> RateLimit<T> {
    /// Create a new rate limiter
    pub fn new(inner: T, rate: Rate) -> Self {
        let state = State::Ready {
            until: Instant::now(),
            rem: rate.num(),
        };

        RateLimit { inner, rate, state }
    }

    /// Get a reference to the inner service
    pub fn get_ref(&self) -> &T {
        &self.inner
    }

    /// Get a mutable reference to the inner service
    pub fn get_mut(&mut self) -> &mut T {
        &mut self.inner
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

    fn poll_ready(&mut self) -> Poll<Result<(), Self::Error>> {
        match self.state {
            State::Ready { .. } => return self.inner.poll_ready(),
            State::Limited(ref sleep) => {
                if let Poll::Pending = sleep.poll() {
                    return Poll::Pending;
                }
            }
        }

        self.state = State::Ready {
            until: Instant::now() + self.rate.per(),
            rem: self.rate.num(),
        };

        self.inner.poll_ready()
    }

    fn call(&mut self, request: Request) -> Result<Self::Response, Self::Error> {
        match self.state {
            State::Ready { mut until, mut rem } => {
                let now = Instant::now();

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
                    let sleep = Sleep::until(until);
                    self.state = State::Limited(sleep);
                }

                // Call the inner future
                self.inner.call(request)
            }
            State::Limited(..) => panic!("service not ready; poll_ready must be called first"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    struct Echo;

    impl Service<u32> for Echo {
        type Response = u32;
        type Error = ();

        fn poll_ready(&mut self) -> Poll<Result<(), ()>> {
            Poll::Ready(Ok(()))
        }

        fn call(&mut self, req: u32) -> Result<u32, ()> {
            Ok(req)
        }
    }

    #[test]
    fn limits_within_window() {
        let mut svc = RateLimit::new(Echo, Rate::new(2, Duration::from_secs(60)));
        assert_eq!(svc.poll_ready(), Poll::Ready(Ok(())));
        assert_eq!(svc.call(1), Ok(1));
        assert_eq!(svc.poll_ready(), Poll::Ready(Ok(())));
        assert_eq!(svc.call(2), Ok(2));
        assert_eq!(svc.poll_ready(), Poll::Pending);
    }
}
