use std::env;
use std::time::Duration;

/// Runner settings, from `MIGRATE_*` environment variables.
#[derive(Debug, Clone)]
pub struct RunnerConfig {
    pub statement_timeout: Duration,
    pub lock_timeout: Duration,
    pub max_steps: Option<usize>,
}

impl Default for RunnerConfig {
    fn default() -> Self {
        RunnerConfig {
            statement_timeout: Duration::from_secs(60),
            lock_timeout: Duration::from_secs(10),
            max_steps: None,
        }
    }
}

impl RunnerConfig {
    pub fn from_env() -> Result<Self, String> {
        let mut cfg = RunnerConfig::default();
        let ms = |key: &str| -> Result<Option<u64>, String> {
            match env::var(key) {
                Ok(v) => v.parse().map(Some).map_err(|_| format!("{key}: not a number: {v}")),
                Err(_) => Ok(None),
            }
        };
        if let Some(v) = ms("MIGRATE_STATEMENT_TIMEOUT_MS")? {
            cfg.statement_timeout = Duration::from_millis(v);
        }
        if let Some(v) = ms("MIGRATE_LOCK_TIMEOUT_MS")? {
            cfg.lock_timeout = Duration::from_millis(v);
        }
        cfg.max_steps = ms("MIGRATE_MAX_STEPS")?.map(|v| v as usize);
        Ok(cfg)
    }
}
