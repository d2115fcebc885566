use std::time::Duration;

/// Pool settings, read from `DB_POOL_*` variables.
#[derive(Debug, Clone)]
pub struct Config {
    pub max_size: u32,
    pub min_idle: Option<u32>,
    pub test_on_check_out: bool,
    /// Connections older than this are closed and replaced, whatever their use.
    pub max_lifetime: Option<Duration>, //@ BL003
    /// Connections idle for longer than this are closed.
    pub idle_timeout: Option<Duration>,
    pub connection_timeout: Duration,
    pub reaper_rate: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_size: 10,
            min_idle: None,
            test_on_check_out: true,
            idle_timeout: Some(Duration::from_secs(10 * 60)),
            max_lifetime: Some(Duration::from_secs(30 * 60)),
            connection_timeout: Duration::from_secs(30),
            reaper_rate: Duration::from_secs(30),
        }
    }
}

fn secs(var: &str) -> Option<Option<Duration>> {
    let v = std::env::var(var).ok()?;
    if v == "none" {
        return Some(None);
    }
    v.parse::<u64>().ok().map(|s| Some(Duration::from_secs(s)))
}

impl Config {
    pub fn from_env() -> Config {
        let mut config = Config::default();
        if let Some(n) = std::env::var("DB_POOL_MAX_SIZE").ok().and_then(|v| v.parse().ok()) {
            assert!(n > 0, "max_size must be positive");
            config.max_size = n;
        }
        if let Some(n) = std::env::var("DB_POOL_MIN_IDLE").ok().and_then(|v| v.parse().ok()) {
            config.min_idle = Some(n);
        }
        if let Some(v) = secs("DB_POOL_MAX_LIFETIME_SECS") {
            config.max_lifetime = v;
        }
        if let Some(v) = secs("DB_POOL_IDLE_TIMEOUT_SECS") {
            config.idle_timeout = v;
        }
        if let Some(Some(v)) = secs("DB_POOL_CONNECTION_TIMEOUT_SECS") {
            config.connection_timeout = v;
        }
        if let Ok(v) = std::env::var("DB_POOL_TEST_ON_CHECK_OUT") {
            config.test_on_check_out = v == "1" || v == "true";
        }
        config
    }
}
