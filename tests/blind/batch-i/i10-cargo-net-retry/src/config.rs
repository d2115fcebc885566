//! The `[net]` table of the configuration, merged with `CARGO_NET_*`
//! environment variables.

use std::collections::HashMap;
use std::env;

#[derive(Debug, Default, Clone)]
pub struct NetConfig {
    /// Number of times to retry possibly spurious network errors.
    pub retry: Option<u32>,
    pub offline: Option<bool>,
    pub git_fetch_with_cli: Option<bool>,
}

impl NetConfig {
    /// Reads `[net]` out of an already split `key = value` configuration
    /// file, then lets the environment override it.
    pub fn load(file: &HashMap<String, String>) -> Result<NetConfig, String> {
        let mut cfg = NetConfig::default();
        if let Some(v) = file.get("net.retry") {
            cfg.retry = Some(v.parse().map_err(|e| format!("net.retry: {e}"))?);
        }
        if let Some(v) = file.get("net.offline") {
            cfg.offline = Some(v == "true");
        }
        if let Some(v) = file.get("net.git-fetch-with-cli") {
            cfg.git_fetch_with_cli = Some(v == "true");
        }
        if let Ok(v) = env::var("CARGO_NET_RETRY") {
            cfg.retry = Some(v.parse().map_err(|e| format!("CARGO_NET_RETRY: {e}"))?);
        }
        if let Ok(v) = env::var("CARGO_NET_OFFLINE") {
            cfg.offline = Some(v == "true");
        }
        Ok(cfg)
    }

    pub fn is_offline(&self) -> bool {
        self.offline.unwrap_or(false)
    }

    pub fn fetch_with_cli(&self) -> bool {
        self.git_fetch_with_cli.unwrap_or(false)
    }
}

/// Parses the tiny subset of TOML used by the tests: `[table]` headers and
/// `key = value` lines.
pub fn parse_flat(text: &str) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let mut table = String::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            table = name.trim().to_string();
            continue;
        }
        if let Some((k, v)) = line.split_once('=') {
            let v = v.trim().trim_matches('"');
            out.insert(format!("{}.{}", table, k.trim()), v.to_string());
        }
    }
    out
}
