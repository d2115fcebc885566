use std::time::Duration;

/// `[limits]` section of the proxy config.
#[derive(Debug, Clone)]
pub struct ProxyLimits {
    /// Header blocks above this are logged as suspicious but still served.
    pub header_soft_limit: usize,
    /// Header blocks above this are refused with 431.
    pub header_hard_limit: usize,
    /// Request bodies above this are refused with 413.
    pub max_body: u64,
    /// Passed to the upstream connector.
    pub upstream_timeout: Duration,
}

impl Default for ProxyLimits {
    fn default() -> Self {
        ProxyLimits {
            header_soft_limit: 8 * 1024,
            header_hard_limit: 64 * 1024,
            max_body: 10 * 1024 * 1024,
            upstream_timeout: Duration::from_secs(60),
        }
    }
}

impl ProxyLimits {
    /// Settings for the upstream connector: `(connect, read)` timeouts.
    pub fn upstream_timeouts(&self) -> (Duration, Duration) {
        (self.upstream_timeout / 4, self.upstream_timeout)
    }
}
