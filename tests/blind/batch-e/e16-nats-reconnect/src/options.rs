use std::sync::Arc;
use std::time::Duration;

use crate::connector::{reconnect_delay_callback_default, ConnectorOptions};

/// Connect options. Used to connect with NATS when custom config is needed.
pub struct ConnectOptions {
    pub(crate) name: Option<String>,
    pub(crate) no_echo: bool,
    pub(crate) max_reconnects: Option<usize>,
    pub(crate) connection_timeout: Duration,
    pub(crate) tls_required: bool,
    pub(crate) token: Option<String>,
    pub(crate) user_and_password: Option<(String, String)>,
    pub(crate) ignore_discovered_servers: bool,
    pub(crate) retain_servers_order: bool,
    pub(crate) reconnect_delay_callback: Box<dyn Fn(usize) -> Duration + Send + Sync + 'static>,
}

impl Default for ConnectOptions {
    fn default() -> ConnectOptions {
        ConnectOptions {
            name: None,
            no_echo: false,
            max_reconnects: None,
            connection_timeout: Duration::from_secs(5),
            tls_required: false,
            token: None,
            user_and_password: None,
            ignore_discovered_servers: false,
            retain_servers_order: false,
            reconnect_delay_callback: Box::new(reconnect_delay_callback_default),
        }
    }
}

impl ConnectOptions {
    pub fn new() -> ConnectOptions {
        ConnectOptions::default()
    }

    /// Reads `NATS_NAME`, `NATS_TOKEN`, `NATS_MAX_RECONNECTS` and
    /// `NATS_CONNECTION_TIMEOUT_MS`.
    pub fn from_env() -> ConnectOptions {
        let mut options = ConnectOptions::new();
        if let Ok(name) = std::env::var("NATS_NAME") {
            options = options.name(name);
        }
        if let Ok(token) = std::env::var("NATS_TOKEN") {
            options = options.token(token);
        }
        if let Some(max) = std::env::var("NATS_MAX_RECONNECTS").ok().and_then(|v| v.parse::<usize>().ok()) {
            options = options.max_reconnects(max);
        }
        if let Some(ms) = std::env::var("NATS_CONNECTION_TIMEOUT_MS").ok().and_then(|v| v.parse::<u64>().ok()) {
            options = options.connection_timeout(Duration::from_millis(ms));
        }
        options
    }

    pub fn token(mut self, token: String) -> ConnectOptions {
        self.token = Some(token);
        self
    }

    /// Sets the name for the client.
    pub fn name<T: ToString>(mut self, name: T) -> ConnectOptions {
        self.name = Some(name.to_string());
        self
    }

    /// Sets the maximum number of reconnect attempts.
    pub fn max_reconnects<T: Into<Option<usize>>>(mut self, max_reconnects: T) -> ConnectOptions {
        let val: Option<usize> = max_reconnects.into();
        self.max_reconnects = if val == Some(0) { None } else { val };
        self
    }

    /// Sets a timeout for the underlying TcpStream connection to avoid hangs and deadlocks.
    pub fn connection_timeout(mut self, timeout: Duration) -> ConnectOptions {
        self.connection_timeout = timeout;
        self
    }

    /// Sets whether or not the client should require TLS.
    pub fn require_tls(mut self, is_required: bool) -> ConnectOptions {
        self.tls_required = is_required;
        self
    }

    /// Sets the callback computing the delay before the n-th reconnect attempt.
    pub fn reconnect_delay_callback<F>(mut self, cb: F) -> ConnectOptions
    where
        F: Fn(usize) -> Duration + Send + Sync + 'static,
    {
        self.reconnect_delay_callback = Box::new(cb);
        self
    }

    pub(crate) fn into_connector_options(self, dialer: Arc<dyn crate::Dialer>) -> ConnectorOptions {
        ConnectorOptions {
            tls_required: self.tls_required,
            token: self.token,
            user_and_password: self.user_and_password,
            no_echo: self.no_echo,
            connection_timeout: self.connection_timeout,
            name: self.name,
            ignore_discovered_servers: self.ignore_discovered_servers,
            retain_servers_order: self.retain_servers_order,
            reconnect_delay_callback: self.reconnect_delay_callback,
            max_reconnects: self.max_reconnects,
            dialer,
        }
    }
}
