use std::time::Duration;

const DEFAULT_ERROR_THRESHOLD: f64 = 0.15;

#[derive(Debug, Default, Clone, PartialEq)]
pub struct MonitorConfig {
    pub health: HealthMonitorConfig,
}

impl MonitorConfig {
    #[must_use]
    pub fn error_threshold(&self) -> f64 {
        match &self.health {
            HealthMonitorConfig::ErrorRatio { ratio, .. } => {
                if ratio.is_finite() {
                    *ratio
                } else {
                    DEFAULT_ERROR_THRESHOLD
                }
            }
        }
    }

    #[must_use]
    pub fn grace_period(&self) -> &GracePeriod {
        match &self.health {
            HealthMonitorConfig::ErrorRatio { grace_period, .. } => grace_period,
        }
    }

    #[must_use]
    pub fn health_interval(&self) -> Duration {
        match &self.health {
            HealthMonitorConfig::ErrorRatio { interval, .. } => *interval,
        }
    }

    /// `HEALTH_RATIO` and `HEALTH_MIN_REQUESTS` override the defaults.
    pub fn from_env() -> Self {
        let env = |key: &str| std::env::var(key).ok();
        let mut health = HealthMonitorConfig::default();
        let HealthMonitorConfig::ErrorRatio { ratio, grace_period, .. } = &mut health;
        if let Some(v) = env("HEALTH_RATIO").and_then(|v| v.parse::<f64>().ok()) {
            *ratio = v;
        }
        if let Some(v) = env("HEALTH_MIN_REQUESTS").and_then(|v| v.parse::<u32>().ok()) {
            *grace_period = GracePeriod::Requests { min_requests: v };
        }
        Self { health }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum HealthMonitorConfig {
    ErrorRatio {
        /// The ratio of 5xx errors to requests that will trigger a provider
        /// to be marked as unhealthy.
        ratio: f64,
        /// The window over which to measure the error ratio.
        window: Duration,
        /// The number of buckets to use for the rolling window.
        buckets: usize,
        /// Interval to check if providers have changed health status.
        interval: Duration,
        /// The grace period to wait before removing a provider from the load
        /// balancer.
        grace_period: GracePeriod,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum GracePeriod {
    Requests {
        /// The minimum number of requests that must be made before the grace
        /// period is considered over.
        min_requests: u32,
    },
}

impl Default for HealthMonitorConfig {
    fn default() -> Self {
        Self::ErrorRatio {
            ratio: 0.10,
            window: Duration::from_secs(60),
            buckets: 10,
            interval: Duration::from_secs(5),
            grace_period: GracePeriod::Requests { min_requests: 20 },
        }
    }
}
