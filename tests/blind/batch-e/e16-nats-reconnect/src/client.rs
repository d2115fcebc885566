use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};

use crate::connector::Connector;
use crate::options::ConnectOptions;
use crate::{ConnectError, Connection, Dialer, Event, ServerAddr, ServerInfo};

#[derive(Debug, PartialEq, Eq)]
pub enum PublishError {
    MaxPayloadExceeded { size: usize, max_payload: usize },
    Io(String),
}

/// Client is a `Clone`able handle to NATS connection.
pub struct Client {
    info: ServerInfo,
    connection: Mutex<Box<dyn Connection>>,
    connector: Mutex<Connector>,
    max_payload: Arc<AtomicUsize>,
}

impl Client {
    /// Connects to the given servers, returning the client and its event stream.
    pub fn connect(
        servers: Vec<ServerAddr>,
        options: ConnectOptions,
        dialer: Arc<dyn Dialer>,
    ) -> Result<(Client, Receiver<Event>), ConnectError> {
        let (events_tx, events_rx) = channel();
        let max_payload = Arc::new(AtomicUsize::new(0));
        let mut connector = Connector::new(
            servers,
            options.into_connector_options(dialer),
            events_tx,
            max_payload.clone(),
        );
        let (info, connection) = connector.connect()?;
        let client = Client {
            info,
            connection: Mutex::new(connection),
            connector: Mutex::new(connector),
            max_payload,
        };
        Ok((client, events_rx))
    }

    /// Returns last received info from the server.
    pub fn server_info(&self) -> &ServerInfo {
        &self.info
    }

    /// Publish a message on the given subject.
    pub fn publish(&self, subject: &str, payload: &[u8]) -> Result<(), PublishError> {
        let max_payload = self.max_payload.load(Ordering::Relaxed);
        if payload.len() > max_payload {
            return Err(PublishError::MaxPayloadExceeded {
                size: payload.len(),
                max_payload,
            });
        }
        let mut connection = self.connection.lock().unwrap();
        let line = format!("PUB {} {}\r\n{}", subject, payload.len(), String::from_utf8_lossy(payload));
        match connection.write_line(&line) {
            Ok(()) => Ok(()),
            Err(e) => {
                drop(connection);
                self.reconnect().map_err(|ce| PublishError::Io(ce.to_string()))?;
                Err(PublishError::Io(e.to_string()))
            }
        }
    }

    /// Re-establishes the connection after a failure.
    pub fn reconnect(&self) -> Result<(), ConnectError> {
        let (_, connection) = self.connector.lock().unwrap().connect()?;
        *self.connection.lock().unwrap() = connection;
        Ok(())
    }
}
