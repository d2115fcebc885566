use std::time::Duration;

/// Settings for the rendered-prompt cache, from the `[cache]` table.
#[derive(Debug, Clone)]
pub struct CacheConfig {
    /// Most prompts kept at once.
    pub max_entries: usize,
    /// Most bytes of rendered prompt text kept at once.
    pub byte_budget: usize, //@ BL003
    /// How long a rendered prompt stays valid.
    pub ttl: Duration,
}

impl Default for CacheConfig {
    fn default() -> Self {
        Self {
            max_entries: 512,
            byte_budget: 64 * 1024 * 1024,
            ttl: Duration::from_secs(300),
        }
    }
}

impl CacheConfig {
    /// Parses `key = value` lines of the `[cache]` table; unknown keys are ignored.
    pub fn parse(table: &str) -> Result<Self, String> {
        let mut cfg = Self::default();
        for line in table.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| format!("expected `key = value`, got `{line}`"))?;
            let value = value.trim();
            let number = || value.parse::<u64>().map_err(|e| format!("{key}: {e}"));
            match key.trim() {
                "max_entries" => cfg.max_entries = number()? as usize,
                "byte_budget" => cfg.byte_budget = number()? as usize,
                "ttl_secs" => cfg.ttl = Duration::from_secs(number()?),
                _ => {}
            }
        }
        Ok(cfg)
    }
}
