use std::fmt;

/// Top-level responder configuration.
#[derive(Debug, Clone)]
pub struct QpxfConfig {
    /// Listen address — prefer Unix sockets.
    pub listen: String,
    /// Maximum concurrent request executions (CGI/WASM combined).
    pub workers: usize,
    /// Maximum concurrent client connections.
    pub max_connections: usize,
    /// Maximum number of requests per connection (keep-alive cap).
    pub max_requests_per_connection: usize,
    /// Allow binding to non-loopback TCP addresses without auth/TLS.
    pub allow_insecure_tcp: bool,
    /// Maximum PARAMS buffer size per request (bytes). Protects against DoS.
    pub max_params_bytes: usize,
    /// Maximum STDIN body size per request (bytes). Protects against DoS.
    pub max_stdin_bytes: usize,
    /// Maximum time to wait between request records while reading PARAMS/STDIN (ms).
    pub input_idle_timeout_ms: u64,
    /// Idle timeout for keep-alive connections with no in-flight requests (ms).
    pub conn_idle_timeout_ms: u64,
}

impl Default for QpxfConfig {
    fn default() -> Self {
        QpxfConfig {
            listen: "unix:///run/qpxf.sock".to_string(),
            workers: 4,
            max_connections: 64,
            max_requests_per_connection: 64,
            allow_insecure_tcp: false,
            max_params_bytes: 1_048_576,
            max_stdin_bytes: 33_554_432,
            input_idle_timeout_ms: 30_000,
            conn_idle_timeout_ms: 60_000,
        }
    }
}

#[derive(Debug)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl QpxfConfig {
    /// Parses `key: value` lines (the subset of YAML the deployment uses).
    pub fn parse(text: &str) -> Result<Self, ConfigError> {
        let mut cfg = QpxfConfig::default();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let (k, v) = line.split_once(':').ok_or_else(|| ConfigError(format!("bad line: {line}")))?;
            let v = v.trim().trim_matches('"');
            let num = || v.parse::<u64>().map_err(|e| ConfigError(format!("{k}: {e}")));
            match k.trim() {
                "listen" => cfg.listen = v.to_string(),
                "workers" => cfg.workers = num()? as usize,
                "max_connections" => cfg.max_connections = num()? as usize,
                "max_requests_per_connection" => cfg.max_requests_per_connection = num()? as usize,
                "allow_insecure_tcp" => cfg.allow_insecure_tcp = v == "true",
                "max_params_bytes" => cfg.max_params_bytes = num()? as usize,
                "max_stdin_bytes" => cfg.max_stdin_bytes = num()? as usize,
                "input_idle_timeout_ms" => cfg.input_idle_timeout_ms = num()?,
                "conn_idle_timeout_ms" => cfg.conn_idle_timeout_ms = num()?,
                other => return Err(ConfigError(format!("unknown field `{other}`"))),
            }
        }
        cfg.validate()?;
        Ok(cfg)
    }

    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.workers == 0 {
            return Err(ConfigError("workers must be >= 1".into()));
        }
        if self.max_connections == 0 {
            return Err(ConfigError("max_connections must be >= 1".into()));
        }
        if self.max_requests_per_connection == 0 {
            return Err(ConfigError("max_requests_per_connection must be >= 1".into()));
        }
        if self.max_params_bytes == 0 {
            return Err(ConfigError("max_params_bytes must be >= 1".into()));
        }
        if self.max_stdin_bytes == 0 {
            return Err(ConfigError("max_stdin_bytes must be >= 1".into()));
        }
        if self.input_idle_timeout_ms == 0 || self.conn_idle_timeout_ms == 0 {
            return Err(ConfigError("timeouts must be >= 1".into()));
        }
        if !self.listen.starts_with("unix://") && !self.allow_insecure_tcp {
            return Err(ConfigError(format!(
                "refusing to bind to TCP address '{}' without allow_insecure_tcp=true",
                self.listen
            )));
        }
        Ok(())
    }
}
