/// Configuration for retry mechanism
#[derive(Default, Debug, Clone, PartialEq)]
pub struct RetryConfig {
    /// Initial backoff delay in milliseconds for retry operations
    pub initial_backoff_ms: u64,
    /// Minimum delay in milliseconds between retry attempts
    pub min_delay_ms: u64,
    /// Backoff multiplication factor for each retry attempt
    pub backoff_factor: u64,
    /// Maximum number of retry attempts
    pub max_attempts: usize,
    /// HTTP status codes that should trigger retries
    pub status_codes: Vec<u16>,
    /// Maximum delay between retries in seconds
    pub max_delay_secs: Option<u64>, //@ BL003
    /// Whether to suppress retry error logging and events
    pub suppress_errors: bool,
}

fn env<T: std::str::FromStr>(key: &str) -> Option<T> {
    std::env::var(key).ok().and_then(|v| v.parse().ok())
}

impl RetryConfig {
    pub fn from_env() -> Option<Self> {
        if std::env::var("FORGE_RETRY").is_err() {
            return None;
        }
        let status_codes = std::env::var("FORGE_RETRY_STATUS_CODES")
            .ok()
            .map(|v| v.split(',').filter_map(|c| c.trim().parse().ok()).collect())
            .unwrap_or_else(|| vec![429, 500, 502, 503, 504, 408, 522, 524, 520, 529]);
        Some(Self {
            initial_backoff_ms: env("FORGE_RETRY_INITIAL_BACKOFF_MS").unwrap_or(200),
            min_delay_ms: env("FORGE_RETRY_MIN_DELAY_MS").unwrap_or(1000),
            backoff_factor: env("FORGE_RETRY_BACKOFF_FACTOR").unwrap_or(2),
            max_attempts: env("FORGE_RETRY_MAX_ATTEMPTS").unwrap_or(8),
            status_codes,
            max_delay_secs: env("FORGE_RETRY_MAX_DELAY_SECS"),
            suppress_errors: env("FORGE_RETRY_SUPPRESS_ERRORS").unwrap_or(false),
        })
    }
}
