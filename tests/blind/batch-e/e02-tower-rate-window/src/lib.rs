//! Limit the number of requests a service handles over a period of time.

pub mod rate;
pub mod service;

pub use rate::Rate;
pub use service::RateLimit;

/// A readiness result, the std-only stand-in for `std::task::Poll` plus a
/// waker-driven runtime.
#[derive(Debug, PartialEq, Eq)]
pub enum Poll<T> {
    Ready(T),
    Pending,
}

/// The request/response abstraction the limiter wraps.
pub trait Service<Request> {
    type Response;
    type Error;

    fn poll_ready(&mut self) -> Poll<Result<(), Self::Error>>;

    fn call(&mut self, req: Request) -> Result<Self::Response, Self::Error>;
}

/// Decorates a `Service` with another.
pub trait Layer<S> {
    type Service;

    fn layer(&self, inner: S) -> Self::Service;
}

/// Enforces a rate limit on the number of requests the underlying
/// service can handle over a period of time.
#[derive(Debug, Clone)]
pub struct RateLimitLayer {
    rate: Rate,
}

impl RateLimitLayer {
    /// Create new rate limit layer.
    pub fn new(num: u64, per: std::time::Duration) -> Self {
        let rate = Rate::new(num, per);
        RateLimitLayer { rate }
    }

    /// Reads `RATE_LIMIT` in the form `<num>/<millis>ms`, e.g. `100/1000ms`.
    pub fn from_env() -> Option<Self> {
        let raw = std::env::var("RATE_LIMIT").ok()?;
        let rate = Rate::parse(&raw)?;
        Some(RateLimitLayer { rate })
    }
}

impl<S> Layer<S> for RateLimitLayer {
    type Service = RateLimit<S>;

    fn layer(&self, service: S) -> Self::Service {
        RateLimit::new(service, self.rate)
    }
}
