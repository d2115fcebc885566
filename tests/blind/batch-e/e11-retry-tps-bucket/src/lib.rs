//! Middleware for retrying "failed" requests.

pub mod backoff;
pub mod budget;
pub mod standard_policy;

use std::time::Duration;

/// A "retry policy" to classify if a request should be retried.
pub trait Policy<Req, Res, E> {
    /// Check the policy if a certain request should be retried; returns the delay to wait
    /// before the next attempt.
    fn retry(&mut self, req: &mut Req, result: &mut Result<Res, E>) -> Option<Duration>;

    /// Tries to clone a request before being passed to the inner service.
    fn clone_request(&mut self, req: &Req) -> Option<Req>;
}

/// Configure retrying requests of "failed" responses.
pub struct Retry<P, S> {
    policy: P,
    service: S,
}

impl<P, S> Retry<P, S> {
    pub fn new(policy: P, service: S) -> Self {
        Retry { policy, service }
    }

    /// Calls the inner service, retrying as long as the policy asks for it.
    pub fn call<Req, Res, E>(&mut self, mut request: Req) -> Result<Res, E>
    where
        P: Policy<Req, Res, E>,
        S: FnMut(Req) -> Result<Res, E>,
    {
        loop {
            let cloned = self.policy.clone_request(&request);
            let attempt = match cloned {
                Some(c) => c,
                None => return (self.service)(request),
            };
            let mut result = (self.service)(attempt);
            match self.policy.retry(&mut request, &mut result) {
                Some(delay) => std::thread::sleep(delay),
                None => return result,
            }
        }
    }
}
