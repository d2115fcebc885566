use std::{fmt, time::Duration};

/// [`Pool`] configuration.
#[derive(Clone, Copy, Debug)]
pub struct PoolConfig {
    /// Maximum size of the [`Pool`].
    pub max_size: usize,

    /// Timeouts of the [`Pool`].
    pub timeouts: Timeouts,
}

impl PoolConfig {
    /// Creates a new [`PoolConfig`] without any timeouts and with the provided
    /// `max_size`.
    #[must_use]
    pub fn new(max_size: usize) -> Self {
        Self {
            max_size,
            timeouts: Timeouts::default(),
        }
    }

    /// Reads `POOL__MAX_SIZE`, `POOL__TIMEOUTS__WAIT__SECS`,
    /// `POOL__TIMEOUTS__CREATE__SECS` and `POOL__TIMEOUTS__RECYCLE__SECS`,
    /// the way the `config` crate flattens nested sections.
    pub fn from_env() -> Result<Self, ConfigError> {
        let mut cfg = PoolConfig::default();
        if let Ok(v) = std::env::var("POOL__MAX_SIZE") {
            cfg.max_size = v.parse().map_err(|_| ConfigError("POOL__MAX_SIZE"))?;
        }
        cfg.timeouts.wait = secs("POOL__TIMEOUTS__WAIT__SECS")?;
        cfg.timeouts.create = secs("POOL__TIMEOUTS__CREATE__SECS")?;
        cfg.timeouts.recycle = secs("POOL__TIMEOUTS__RECYCLE__SECS")?;
        Ok(cfg)
    }
}

fn secs(key: &'static str) -> Result<Option<Duration>, ConfigError> {
    match std::env::var(key) {
        Ok(v) => v
            .parse::<u64>()
            .map(|s| Some(Duration::from_secs(s)))
            .map_err(|_| ConfigError(key)),
        Err(_) => Ok(None),
    }
}

impl Default for PoolConfig {
    /// Creates a new [`PoolConfig`] with the `max_size` being set to
    /// `cpu_count * 4`.
    fn default() -> Self {
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::new(cpus * 4)
    }
}

/// Timeouts when getting [`Object`]s from a [`Pool`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Timeouts {
    /// Timeout when waiting for a slot to become available.
    pub wait: Option<Duration>,

    /// Timeout when creating a new object.
    pub create: Option<Duration>,

    /// Timeout when recycling an object.
    pub recycle: Option<Duration>,
}

impl Timeouts {
    /// Creates a new [`Timeouts`] config with only the `wait` timeout being
    /// set.
    #[must_use]
    pub fn wait_millis(wait: u64) -> Self {
        Self {
            create: None,
            wait: Some(Duration::from_millis(wait)),
            recycle: None,
        }
    }
}

/// A malformed environment variable.
#[derive(Debug)]
pub struct ConfigError(pub &'static str);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid value for {}", self.0)
    }
}
