use crate::rate_limiting::{RateLimitError, RateLimiter};
use crate::verification::{check_search_batch_size, check_timeout, check_upsert_batch_size, SearchRequest, StrictModeVerification};
use crate::{CollectionError, CollectionResult, StrictModeConfig};
use std::sync::Mutex;

/// Local shard of a collection; owns the per-replica rate limiters.
pub struct LocalShard {
    strict_mode_config: Option<StrictModeConfig>,
    read_rate_limiter: Option<Mutex<RateLimiter>>,
    write_rate_limiter: Option<Mutex<RateLimiter>>,
}

fn rate_limit_error(err: RateLimitError, cost: usize) -> CollectionError {
    match err {
        RateLimitError::AlwaysOverBudget(msg) => CollectionError::RateLimit { description: format!("{msg} (cost {cost})"), retry_after: None },
        RateLimitError::Retry(retry) => CollectionError::RateLimit {
            description: format!("Rate limiting exceeded: {} tokens available, {cost} requested", retry.tokens_available),
            retry_after: Some(retry.retry_after),
        },
    }
}

impl LocalShard {
    pub fn new(strict_mode_config: Option<StrictModeConfig>) -> Self {
        let read_rate_limiter = strict_mode_config
            .as_ref()
            .and_then(|strict_mode| strict_mode.read_rate_limit.map(RateLimiter::new_per_minute).map(Mutex::new));
        let write_rate_limiter = strict_mode_config
            .as_ref()
            .and_then(|strict_mode| strict_mode.write_rate_limit.map(RateLimiter::new_per_minute).map(Mutex::new));
        Self { strict_mode_config, read_rate_limiter, write_rate_limiter }
    }

    fn check_read_rate_limiter(&self, cost_fn: impl FnOnce() -> usize) -> CollectionResult<()> {
        if let Some(rate_limiter) = &self.read_rate_limiter {
            let cost = cost_fn();
            rate_limiter.lock().unwrap().try_consume(cost as f64).map_err(|err| rate_limit_error(err, cost))?;
        }
        Ok(())
    }

    fn check_write_rate_limiter(&self, cost_fn: impl FnOnce() -> usize) -> CollectionResult<()> {
        if let Some(rate_limiter) = &self.write_rate_limiter {
            let cost = cost_fn();
            rate_limiter.lock().unwrap().try_consume(cost as f64).map_err(|err| rate_limit_error(err, cost))?;
        }
        Ok(())
    }

    fn strict_mode(&self) -> Option<&StrictModeConfig> {
        self.strict_mode_config.as_ref().filter(|config| config.enabled == Some(true))
    }

    pub fn core_search(&self, batch: &[SearchRequest], timeout_secs: usize) -> CollectionResult<usize> {
        if let Some(config) = self.strict_mode() {
            check_search_batch_size(batch.len(), config)?;
            check_timeout(timeout_secs, config)?;
            for request in batch {
                request.check_strict_mode(config)?;
            }
        }
        self.check_read_rate_limiter(|| batch.len())?;
        Ok(batch.iter().map(|r| r.limit).sum())
    }

    pub fn upsert(&self, points: &[(u64, Vec<f32>)]) -> CollectionResult<usize> {
        if let Some(config) = self.strict_mode() {
            check_upsert_batch_size(points.len(), config)?;
        }
        self.check_write_rate_limiter(|| points.len())?;
        Ok(points.len())
    }
}
