use std::cmp;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::sleep;
use std::time::Duration;

use crate::{
    ClientError, ConnectError, ConnectErrorKind, ConnectInfo, Connection, Dialer, Event,
    ServerAddr, ServerInfo, LANG, VERSION,
};

pub(crate) struct ConnectorOptions {
    pub(crate) tls_required: bool,
    pub(crate) token: Option<String>,
    pub(crate) user_and_password: Option<(String, String)>,
    pub(crate) no_echo: bool,
    pub(crate) connection_timeout: Duration,
    pub(crate) name: Option<String>,
    pub(crate) ignore_discovered_servers: bool,
    pub(crate) retain_servers_order: bool,
    pub(crate) reconnect_delay_callback: Box<dyn Fn(usize) -> Duration + Send + Sync + 'static>,
    pub(crate) max_reconnects: Option<usize>,
    pub(crate) dialer: Arc<dyn Dialer>,
}

/// Maintains a list of servers and establishes connections.
pub(crate) struct Connector {
    /// A map of servers and number of connect attempts.
    servers: Vec<(ServerAddr, usize)>,
    options: ConnectorOptions,
    attempts: usize, //@ BL001
    pub(crate) events_tx: Sender<Event>,
    pub(crate) max_payload: Arc<AtomicUsize>,
}

pub(crate) fn reconnect_delay_callback_default(attempts: usize) -> Duration {
    if attempts <= 1 {
        Duration::from_millis(0)
    } else {
        let exp: u32 = (attempts - 1).try_into().unwrap_or(u32::MAX);
        let max = Duration::from_secs(4);
        cmp::min(Duration::from_millis(2_u64.saturating_pow(exp)), max)
    }
}

impl Connector {
    pub(crate) fn new(
        servers: Vec<ServerAddr>,
        options: ConnectorOptions,
        events_tx: Sender<Event>,
        max_payload: Arc<AtomicUsize>,
    ) -> Connector {
        Connector {
            attempts: 0,
            servers: servers.into_iter().map(|addr| (addr, 0)).collect(),
            options,
            events_tx,
            max_payload,
        }
    }

    pub(crate) fn connect(&mut self) -> Result<(ServerInfo, Box<dyn Connection>), ConnectError> {
        loop {
            match self.try_connect() {
                Ok(inner) => return Ok(inner),
                Err(error) => match error.kind() {
                    ConnectErrorKind::MaxReconnects => {
                        return Err(ConnectError::with_source(ConnectErrorKind::MaxReconnects, error))
                    }
                    other => {
                        self.events_tx
                            .send(Event::ClientError(ClientError::Other(format!("{:?}", other))))
                            .ok();
                    }
                },
            }
        }
    }

    /// Bumps the per-server attempt counter and returns it.
    fn server_attempts(&mut self, server_addr: &ServerAddr) -> usize {
        match self.servers.iter_mut().find(|(addr, _)| addr == server_addr) {
            Some((_, attempts)) => {
                *attempts += 1;
                *attempts
            }
            None => 1,
        }
    }

    pub(crate) fn try_connect(&mut self) -> Result<(ServerInfo, Box<dyn Connection>), ConnectError> {
        let mut error = None;

        let mut servers = self.servers.clone();
        if !self.options.retain_servers_order {
            // sort_by is stable, meaning it will retain the order for equal elements.
            servers.sort_by(|a, b| a.1.cmp(&b.1));
        }

        for (server_addr, _) in servers {
            if let Some(max_reconnects) = self.options.max_reconnects {
                if self.attempts > max_reconnects {
                    self.events_tx
                        .send(Event::ClientError(ClientError::MaxReconnects))
                        .ok();
                    return Err(ConnectError::new(ConnectErrorKind::MaxReconnects));
                }
            }

            let server_attempts = self.server_attempts(&server_addr);
            let duration = (self.options.reconnect_delay_callback)(server_attempts);

            sleep(duration);

            match self.try_connect_to(&server_addr) {
                Ok((server_info, mut connection)) => {
                    if !self.options.ignore_discovered_servers {
                        for url in &server_info.connect_urls {
                            let server_addr = url
                                .parse::<ServerAddr>()
                                .map_err(|err| ConnectError::with_source(ConnectErrorKind::ServerParse, err))?;
                            if !self.servers.iter().any(|(addr, _)| addr == &server_addr) {
                                self.servers.push((server_addr, 0));
                            }
                        }
                    }

                    let tls_required = self.options.tls_required || server_addr.tls_required();
                    let (user, pass) = match &self.options.user_and_password {
                        Some((u, p)) => (Some(u.clone()), Some(p.clone())),
                        None => (None, None),
                    };
                    let connect_info = ConnectInfo {
                        tls_required,
                        name: self.options.name.clone(),
                        pedantic: false,
                        verbose: false,
                        lang: LANG.to_string(),
                        version: VERSION.to_string(),
                        user,
                        pass,
                        auth_token: self.options.token.clone(),
                        user_jwt: None,
                        echo: !self.options.no_echo,
                        headers: true,
                        no_responders: true,
                    };

                    connection.write_line(&format!("CONNECT {}", connect_info.to_json()))?;
                    connection.write_line("PING")?;

                    if !connection.read_ack()? {
                        return Err(ConnectError::new(ConnectErrorKind::AuthorizationViolation));
                    }

                    self.attempts = 0;
                    if let Some((_, attempts)) =
                        self.servers.iter_mut().find(|(addr, _)| addr == &server_addr)
                    {
                        *attempts = 0;
                    }
                    self.events_tx.send(Event::Connected).ok();
                    self.max_payload.store(server_info.max_payload, Ordering::Relaxed);
                    return Ok((server_info, connection));
                }

                Err(inner) => {
                    error.replace(inner);
                }
            }
        }

        Err(error.unwrap_or_else(|| ConnectError::new(ConnectErrorKind::Dns)))
    }

    pub(crate) fn try_connect_to(
        &self,
        server_addr: &ServerAddr,
    ) -> Result<(ServerInfo, Box<dyn Connection>), ConnectError> {
        let mut connection = self
            .options
            .dialer
            .dial(server_addr, self.options.connection_timeout)
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::TimedOut => ConnectError::new(ConnectErrorKind::TimedOut),
                _ => ConnectError::from(e),
            })?;

        let info = connection.read_info()?;
        Ok((info, connection))
    }
}
