use crate::{Request, Service};

/// A "retry policy" to classify if a request should be retried.
pub trait Policy<Req, Res, E>: Sized {
    fn retry(&mut self, req: &mut Req, result: &mut Result<Res, E>) -> Option<()>;
    fn clone_request(&mut self, req: &Req) -> Option<Req>;
}

/// Retries a task instantly for `retries`
#[derive(Clone, Debug)]
pub struct RetryPolicy {
    retries: usize,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self { retries: 5 }
    }
}

impl RetryPolicy {
    /// Set the number of retries
    pub fn retries(retries: usize) -> Self {
        Self { retries }
    }
}

impl<T, Res, Err> Policy<Request<T>, Res, Err> for RetryPolicy
where
    T: Clone,
{
    fn retry(&mut self, req: &mut Request<T>, result: &mut Result<Res, Err>) -> Option<()> {
        let attempt = req.parts.attempt.current();

        match result {
            Ok(_) => {
                // Treat all `Response`s as success,
                // so don't retry...
                None
            }
            Err(_) if self.retries == 0 => None,
            Err(_) if (self.retries - attempt > 0) => Some(()),
            Err(_) => None,
        }
    }

    fn clone_request(&mut self, req: &Request<T>) -> Option<Request<T>> {
        let req = req.clone();
        req.parts.attempt.increment();
        Some(req)
    }
}

/// Layer applying a retry policy around a service.
#[derive(Clone, Debug)]
pub struct RetryLayer<P> {
    policy: P,
}

impl<P: Clone> RetryLayer<P> {
    pub fn new(policy: P) -> Self {
        RetryLayer { policy }
    }

    pub fn layer<S>(&self, service: S) -> Retry<P, S> {
        Retry { policy: self.policy.clone(), service }
    }
}

pub struct Retry<P, S> {
    policy: P,
    service: S,
}

impl<P, S, T> Service<Request<T>> for Retry<P, S>
where
    T: Clone,
    S: Service<Request<T>>,
    P: Policy<Request<T>, S::Response, S::Error>,
{
    type Response = S::Response;
    type Error = S::Error;

    fn call(&mut self, req: Request<T>) -> Result<S::Response, S::Error> {
        let mut current = req;
        loop {
            let cloned = self.policy.clone_request(&current);
            let mut result = self.service.call(current);
            match cloned {
                Some(mut next) => match self.policy.retry(&mut next, &mut result) {
                    Some(()) => current = next,
                    None => return result,
                },
                None => return result,
            }
        }
    }
}
