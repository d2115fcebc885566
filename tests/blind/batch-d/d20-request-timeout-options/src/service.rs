use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use crate::select_biased;

#[derive(Debug, Clone, PartialEq)]
pub enum ServiceError {
    TransportClosed,
    Timeout { timeout: Duration },
    McpError(String),
}

impl std::fmt::Display for ServiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServiceError::TransportClosed => write!(f, "Transport closed"),
            ServiceError::Timeout { timeout } => write!(f, "request timeout after {timeout:?}"),
            ServiceError::McpError(e) => write!(f, "Mcp error: {e}"),
        }
    }
}

pub type RequestId = u32;
pub type ProgressToken = u32;
type ProgressTimeoutWatchers = Arc<RwLock<HashMap<ProgressToken, Sender<()>>>>;

#[derive(Debug, Default)]
pub struct PeerRequestOptions {
    pub timeout: Option<Duration>,
    pub meta: Option<String>,
    /// Reset the request timeout when a matching progress notification is received.
    pub reset_timeout_on_progress: bool,
    /// Maximum total time to wait for the request, regardless of progress notifications.
    pub max_total_timeout: Option<Duration>, //@ BL003
}

impl PeerRequestOptions {
    pub fn no_options() -> Self {
        Self::default()
    }

    pub fn with_timeout(timeout: Duration) -> Self {
        Self {
            timeout: Some(timeout),
            ..Self::default()
        }
    }

    pub fn with_meta(mut self, meta: String) -> Self {
        self.meta = Some(meta);
        self
    }

    pub fn reset_timeout_on_progress(mut self) -> Self {
        self.reset_timeout_on_progress = true;
        self
    }

    pub fn with_max_total_timeout(mut self, timeout: Duration) -> Self {
        self.max_total_timeout = Some(timeout);
        self
    }
}

#[derive(Debug)]
pub enum PeerSinkMessage {
    Request { id: RequestId, method: String, meta: Option<String>, responder: Sender<Result<String, ServiceError>> },
    Cancelled { request_id: RequestId, reason: String },
}

#[derive(Clone)]
pub struct Peer {
    tx: Sender<PeerSinkMessage>,
    next_request_id: Arc<AtomicU32>,
    next_progress_token: Arc<AtomicU32>,
    progress_timeout_watchers: ProgressTimeoutWatchers,
}

impl Peer {
    pub fn new() -> (Peer, Receiver<PeerSinkMessage>) {
        let (tx, rx) = mpsc::channel();
        let peer = Peer {
            tx,
            next_request_id: Default::default(),
            next_progress_token: Default::default(),
            progress_timeout_watchers: Default::default(),
        };
        (peer, rx)
    }

    pub fn send_request_with_option(
        &self,
        method: &str,
        options: PeerRequestOptions,
    ) -> Result<RequestHandle, ServiceError> {
        let id = self.next_request_id.fetch_add(1, Ordering::SeqCst);
        let progress_token = self.next_progress_token.fetch_add(1, Ordering::SeqCst);
        let progress_reset_rx = if options.reset_timeout_on_progress && options.timeout.is_some() {
            let (tx, rx) = mpsc::channel();
            self.progress_timeout_watchers
                .write()
                .unwrap()
                .insert(progress_token, tx);
            Some(rx)
        } else {
            None
        };
        let (responder, rx) = mpsc::channel();
        self.tx
            .send(PeerSinkMessage::Request {
                id,
                method: method.to_string(),
                meta: options.meta.clone(),
                responder,
            })
            .map_err(|_| ServiceError::TransportClosed)?;
        Ok(RequestHandle {
            rx,
            options,
            peer: self.clone(),
            id,
            progress_token,
            progress_reset_rx,
        })
    }

    /// Called by the service loop for every `notifications/progress`.
    pub fn notify_progress_timeout_watcher(&self, progress_token: &ProgressToken) {
        if let Some(tx) = self.progress_timeout_watchers.read().unwrap().get(progress_token) {
            let _ = tx.send(());
        }
    }
}

/// A handle to a remote request
pub struct RequestHandle {
    pub rx: Receiver<Result<String, ServiceError>>,
    pub options: PeerRequestOptions,
    pub peer: Peer,
    pub id: RequestId,
    pub progress_token: ProgressToken,
    progress_reset_rx: Option<Receiver<()>>,
}

impl RequestHandle {
    pub const REQUEST_TIMEOUT_REASON: &'static str = "request timeout";

    pub fn await_response(mut self) -> Result<String, ServiceError> {
        let timeout = self.options.timeout;
        let reset_timeout_on_progress = self.options.reset_timeout_on_progress;
        let has_progress_reset_rx = self.progress_reset_rx.is_some();

        let result = match (timeout, reset_timeout_on_progress) {
            (Some(timeout), false) => match self.rx.recv_timeout(timeout) {
                Ok(response) => response,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    self.send_timeout_cancel_notification(Self::REQUEST_TIMEOUT_REASON);
                    Err(ServiceError::Timeout { timeout })
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => Err(ServiceError::TransportClosed),
            },
            (None, _) => self.rx.recv().map_err(|_| ServiceError::TransportClosed)?,
            (Some(timeout), true) => self.await_response_with_progress_timeout(timeout),
        };

        if has_progress_reset_rx {
            self.peer
                .progress_timeout_watchers
                .write()
                .unwrap()
                .remove(&self.progress_token);
        }
        result
    }

    fn send_timeout_cancel_notification(&self, reason: &str) {
        let _ = self.peer.tx.send(PeerSinkMessage::Cancelled {
            request_id: self.id,
            reason: reason.to_owned(),
        });
    }

    fn await_response_with_progress_timeout(&mut self, timeout: Duration) -> Result<String, ServiceError> {
        let reset_timeout_on_progress = self.options.reset_timeout_on_progress;
        let mut idle_deadline = Instant::now() + timeout;
        loop {
            select_biased! {
                response = match self.rx.try_recv() {
                    Ok(response) => Some(response),
                    Err(TryRecvError::Empty) => None,
                    Err(TryRecvError::Disconnected) => Some(Err(ServiceError::TransportClosed)),
                } => {
                    return response;
                }
                _ = (Instant::now() >= idle_deadline).then_some(()) => {
                    self.send_timeout_cancel_notification(Self::REQUEST_TIMEOUT_REASON);
                    return Err(ServiceError::Timeout { timeout });
                }
                progress = self.progress_reset_rx.as_ref().and_then(|rx| rx.try_recv().ok()).map(Some), if reset_timeout_on_progress && self.progress_reset_rx.is_some() => {
                    if progress.is_some() {
                        idle_deadline = Instant::now() + timeout;
                    }
                }
            }
        }
    }

    /// Cancel this request
    pub fn cancel(self, reason: Option<String>) -> Result<(), ServiceError> {
        if self.progress_reset_rx.is_some() {
            self.peer
                .progress_timeout_watchers
                .write()
                .unwrap()
                .remove(&self.progress_token);
        }
        self.peer
            .tx
            .send(PeerSinkMessage::Cancelled {
                request_id: self.id,
                reason: reason.unwrap_or_default(),
            })
            .map_err(|_| ServiceError::TransportClosed)
    }
}
