//! Middleware that limits how many requests a service accepts per period.

pub mod rate;
pub mod service;

pub use rate::Rate;
pub use service::{RateLimit, RateLimitLayer};

use std::time::Instant;

/// Readiness, as a synchronous `Poll`.
#[derive(Debug, PartialEq, Eq)]
pub enum Poll<T> {
    Ready(T),
    Pending,
}

/// A service (tower's trait, with the clock passed in so the middleware
/// can be driven without a runtime).
pub trait Service<Request> {
    type Response;
    type Error;
    fn poll_ready(&mut self, now: Instant) -> Poll<Result<(), Self::Error>>;
    fn call(&mut self, req: Request, now: Instant) -> Result<Self::Response, Self::Error>;
}
