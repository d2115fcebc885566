use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::ApiEndpoint;

#[derive(Debug)]
pub struct RollingCounter {
    /// How many buckets to use
    buckets: u32,
    /// How long each bucket represents
    bucket_duration: f64,
    /// The start time of the counter
    start: Instant,
    /// The counters for each bucket
    counters: Vec<AtomicU32>,
    /// The laps for each bucket
    laps: Vec<AtomicU64>,
}

impl RollingCounter {
    #[must_use]
    pub fn new(window: Duration, buckets: u32) -> Self {
        assert!(buckets > 0);
        let bucket_duration = window.as_secs_f64() / f64::from(buckets);
        Self {
            buckets,
            bucket_duration,
            start: Instant::now(),
            counters: (0..buckets).map(|_| AtomicU32::new(0)).collect(),
            laps: (0..buckets).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn get_index_and_lap(&self, now: Instant) -> (usize, u64) {
        let elapsed = now.duration_since(self.start).as_secs_f64();
        let lap = (elapsed / (self.bucket_duration * f64::from(self.buckets))).floor() as u64;
        let idx = ((elapsed / self.bucket_duration) as usize) % (self.buckets as usize);
        (idx, lap)
    }

    pub fn incr(&self) {
        let now = Instant::now();
        let (idx, lap) = self.get_index_and_lap(now);
        let last_lap = self.laps[idx].load(Ordering::Acquire);
        if last_lap != lap {
            // Try to reset the bucket if we are the first in this lap
            if self.laps[idx]
                .compare_exchange(last_lap, lap, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                self.counters[idx].store(0, Ordering::Release);
            }
        }
        self.counters[idx].fetch_add(1, Ordering::Relaxed);
    }

    #[must_use]
    pub fn total(&self) -> u32 {
        let (_, now_lap) = self.get_index_and_lap(Instant::now());
        self.counters
            .iter()
            .zip(self.laps.iter())
            .filter_map(|(counter_val, lap_val)| {
                if lap_val.load(Ordering::Acquire) == now_lap {
                    Some(counter_val.load(Ordering::Relaxed))
                } else {
                    None
                }
            })
            .sum()
    }
}

impl Default for RollingCounter {
    fn default() -> Self {
        Self::new(Duration::from_secs(60), 10)
    }
}

/// Metrics used for monitoring provider health.
#[derive(Debug, Clone)]
pub struct EndpointMetricsRegistry {
    endpoint_health_metrics: Arc<HashMap<ApiEndpoint, EndpointMetrics>>,
}

impl EndpointMetricsRegistry {
    pub fn health_metrics(&self, api_endpoint: ApiEndpoint) -> Result<&EndpointMetrics, String> {
        self.endpoint_health_metrics
            .get(&api_endpoint)
            .ok_or_else(|| format!("metrics not configured for {api_endpoint:?}"))
    }

    pub fn new(endpoints: &[ApiEndpoint]) -> Self {
        let endpoint_health_metrics: HashMap<_, _> =
            endpoints.iter().map(|e| (*e, EndpointMetrics::default())).collect();
        Self { endpoint_health_metrics: Arc::new(endpoint_health_metrics) }
    }
}

#[derive(Debug, Default)]
pub struct EndpointMetrics {
    /// total request count
    pub(crate) request_count: RollingCounter,
    /// Count of upstream remote internal errors
    pub(crate) remote_internal_error_count: RollingCounter,
}

impl EndpointMetrics {
    #[must_use]
    pub fn new(window: Duration, buckets: u32) -> Self {
        Self {
            request_count: RollingCounter::new(window, buckets),
            remote_internal_error_count: RollingCounter::new(window, buckets),
        }
    }

    pub fn incr_req_count(&self) { self.request_count.incr(); }

    pub fn incr_remote_internal_error_count(&self) { self.remote_internal_error_count.incr(); }
}
