use std::collections::BTreeMap;

/// One `[mcp_servers.<name>]` table of `config.toml`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct McpServerConfig {
    pub command: String,
    pub args: Vec<String>,
    pub env: BTreeMap<String, String>,
    /// How long to wait for the server's `initialize` response.
    pub startup_timeout_ms: Option<u64>,
    /// How long to wait for the answer to one `tools/call`.
    pub tool_timeout_ms: Option<u64>, //@ BL003
}

/// Reads the `[mcp_servers.*]` tables out of a config file.
///
/// Only the flat subset of TOML the config uses is supported: string,
/// integer and string-array values, one per line.
pub fn parse_servers(text: &str) -> Result<BTreeMap<String, McpServerConfig>, String> {
    let mut servers = BTreeMap::new();
    let mut current: Option<String> = None;

    for (lineno, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            current = header.strip_prefix("mcp_servers.").map(str::to_string);
            if let Some(name) = &current {
                servers.entry(name.clone()).or_insert_with(McpServerConfig::default);
            }
            continue;
        }
        let Some(name) = &current else { continue };
        let server = servers.get_mut(name).expect("table inserted above");
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("line {}: expected `key = value`", lineno + 1))?;
        let value = value.trim();
        let int = || {
            value
                .parse::<u64>()
                .map_err(|e| format!("line {}: {e}", lineno + 1))
        };
        match key.trim() {
            "command" => server.command = unquote(value),
            "args" => server.args = parse_array(value),
            "startup_timeout_ms" => server.startup_timeout_ms = Some(int()?),
            "tool_timeout_ms" => server.tool_timeout_ms = Some(int()?),
            k if k.starts_with("env.") => {
                server.env.insert(k[4..].to_string(), unquote(value));
            }
            other => return Err(format!("line {}: unknown key `{other}`", lineno + 1)),
        }
    }
    Ok(servers)
}

fn unquote(v: &str) -> String {
    v.trim_matches('"').to_string()
}

fn parse_array(v: &str) -> Vec<String> {
    v.trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
        .map(|s| unquote(s.trim()))
        .filter(|s| !s.is_empty())
        .collect()
}
