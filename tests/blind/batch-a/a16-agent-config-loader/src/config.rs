use std::time::Duration;

/// Settings of `agent.toml`; every key can be overridden by `AGENT_<KEY>`.
#[derive(Debug, Clone)]
pub struct AgentConfig {
    pub model: String,
    pub max_turns: u32,
    pub max_tokens: u64,
    pub cost_cap_usd: f64,
    pub exec_timeout: Duration,
    pub max_output_bytes: usize,
}

impl Default for AgentConfig {
    fn default() -> Self {
        Self {
            model: "claude-sonnet-4".to_string(),
            max_turns: 50,
            max_tokens: 1_000_000,
            cost_cap_usd: 5.0,
            exec_timeout: Duration::from_secs(120),
            max_output_bytes: 256 * 1024,
        }
    }
}

impl AgentConfig {
    pub fn load(toml_text: &str, env: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let mut cfg = Self::default();
        let mut pairs: Vec<(String, String)> = toml_text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('['))
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.trim().to_string(), v.trim().trim_matches('"').to_string()))
            .collect();
        for key in ["model", "max_turns", "max_tokens", "cost_cap_usd", "exec_timeout_secs", "max_output_bytes"] {
            if let Some(v) = env(&format!("AGENT_{}", key.to_uppercase())) {
                pairs.push((key.to_string(), v));
            }
        }
        for (key, value) in pairs {
            let bad = |e: &dyn std::fmt::Display| format!("{key} = {value:?}: {e}");
            match key.as_str() {
                "model" => cfg.model = value.clone(),
                "max_turns" => cfg.max_turns = value.parse().map_err(|e| bad(&e))?,
                "max_tokens" => cfg.max_tokens = value.parse().map_err(|e| bad(&e))?,
                "cost_cap_usd" => cfg.cost_cap_usd = value.parse().map_err(|e| bad(&e))?,
                "exec_timeout_secs" => {
                    cfg.exec_timeout = Duration::from_secs(value.parse().map_err(|e| bad(&e))?)
                }
                "max_output_bytes" => cfg.max_output_bytes = value.parse().map_err(|e| bad(&e))?,
                _ => return Err(format!("unknown key `{key}`")),
            }
        }
        Ok(cfg)
    }
}
