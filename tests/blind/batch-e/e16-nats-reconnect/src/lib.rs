//! Core of a NATS client: connection options, reconnect logic and publishing.

pub mod client;
pub mod connector;
pub mod options;

use std::fmt;
use std::time::Duration;

pub const LANG: &str = "rust";
pub const VERSION: &str = "0.33.0";

/// Address of a NATS server.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ServerAddr {
    host: String,
    port: u16,
    tls_required: bool,
}

impl ServerAddr {
    pub fn host(&self) -> &str {
        &self.host
    }

    pub fn tls_required(&self) -> bool {
        self.tls_required
    }
}

impl std::str::FromStr for ServerAddr {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (tls_required, rest) = match s.split_once("://") {
            Some(("tls", rest)) => (true, rest),
            Some((_, rest)) => (false, rest),
            None => (false, s),
        };
        let (host, port) = match rest.rsplit_once(':') {
            Some((h, p)) => (h, p.parse().map_err(|_| format!("bad port in {}", s))?),
            None => (rest, 4222),
        };
        Ok(ServerAddr { host: host.to_string(), port, tls_required })
    }
}

/// Info to construct a CONNECT message.
#[derive(Clone, Debug)]
pub struct ConnectInfo {
    pub verbose: bool,
    pub pedantic: bool,
    pub user_jwt: Option<String>,
    pub name: Option<String>,
    pub echo: bool,
    pub lang: String,
    pub version: String,
    pub tls_required: bool,
    pub user: Option<String>,
    pub pass: Option<String>,
    pub auth_token: Option<String>,
    pub headers: bool,
    pub no_responders: bool,
}

fn json_opt(v: &Option<String>) -> String {
    match v {
        Some(s) => format!("\"{}\"", s.replace('"', "\\\"")),
        None => "null".to_string(),
    }
}

impl ConnectInfo {
    /// The JSON body of the `CONNECT` protocol line.
    pub fn to_json(&self) -> String {
        format!(
            "{{\"verbose\":{},\"pedantic\":{},\"jwt\":{},\"name\":{},\"echo\":{},\"lang\":\"{}\",\"version\":\"{}\",\"tls_required\":{},\"user\":{},\"pass\":{},\"auth_token\":{},\"headers\":{},\"no_responders\":{}}}",
            self.verbose,
            self.pedantic,
            json_opt(&self.user_jwt),
            json_opt(&self.name),
            self.echo,
            self.lang,
            self.version,
            self.tls_required,
            json_opt(&self.user),
            json_opt(&self.pass),
            json_opt(&self.auth_token),
            self.headers,
            self.no_responders,
        )
    }
}

/// The `INFO` a server sends right after the TCP connection is established.
#[derive(Debug, Clone, Default)]
pub struct ServerInfo {
    pub server_id: String,
    pub host: String,
    pub port: u16,
    pub max_payload: usize,
    pub tls_required: bool,
    pub connect_urls: Vec<String>,
    pub nonce: String,
}

/// An established (or mock) server connection.
pub trait Connection: Send {
    fn read_info(&mut self) -> std::io::Result<ServerInfo>;
    fn write_line(&mut self, line: &str) -> std::io::Result<()>;
    /// Reads `+OK`/`PONG` (`Ok(true)`) or `-ERR` (`Ok(false)`).
    fn read_ack(&mut self) -> std::io::Result<bool>;
}

/// Opens transport connections; `std::net::TcpStream` in production.
pub trait Dialer: Send + Sync {
    fn dial(&self, addr: &ServerAddr, timeout: Duration) -> std::io::Result<Box<dyn Connection>>;
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientError {
    MaxReconnects,
    Other(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Connected,
    Disconnected,
    ClientError(ClientError),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConnectErrorKind {
    ServerParse,
    Dns,
    Authentication,
    AuthorizationViolation,
    TimedOut,
    Io,
    MaxReconnects,
}

#[derive(Debug)]
pub struct ConnectError {
    kind: ConnectErrorKind,
    source: Option<String>,
}

impl ConnectError {
    pub fn new(kind: ConnectErrorKind) -> Self {
        ConnectError { kind, source: None }
    }

    pub fn with_source(kind: ConnectErrorKind, source: impl fmt::Display) -> Self {
        ConnectError { kind, source: Some(source.to_string()) }
    }

    pub fn kind(&self) -> ConnectErrorKind {
        self.kind
    }
}

impl From<std::io::Error> for ConnectError {
    fn from(err: std::io::Error) -> Self {
        ConnectError::with_source(ConnectErrorKind::Io, err)
    }
}

impl fmt::Display for ConnectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.kind, self.source.as_deref().unwrap_or(""))
    }
}
