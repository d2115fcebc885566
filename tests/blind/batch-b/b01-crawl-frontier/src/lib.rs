//! A small breadth-first crawler: a frontier of `(url, hops)` pairs drained
//! until the page quota is spent or the frontier runs dry.

mod config;
mod frontier;

pub use config::CrawlConfig;
pub use frontier::{Crawler, FetchOutcome, Fetcher};
