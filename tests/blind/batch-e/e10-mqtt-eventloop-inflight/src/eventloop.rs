use std::io;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TryRecvError};
use std::time::{Duration, Instant};
use std::vec::IntoIter;

use crate::framed::{Network, Transport};
use crate::state::{MqttState, StateError};
use crate::{Connect, Incoming, MqttOptions, Outgoing, Request};

/// Critical errors during eventloop polling
#[derive(Debug)]
pub enum ConnectionError {
    MqttState(StateError),
    Io(io::Error),
    RequestsDone,
    Cancel,
}

impl From<StateError> for ConnectionError {
    fn from(e: StateError) -> Self { ConnectionError::MqttState(e) }
}

impl From<io::Error> for ConnectionError {
    fn from(e: io::Error) -> Self { ConnectionError::Io(e) }
}

/// Stand-in for a resettable `tokio::time::Sleep`.
pub struct Delay {
    deadline: Instant,
}

impl Delay {
    fn new(after: Duration) -> Self {
        Delay { deadline: Instant::now() + after }
    }

    fn elapsed(&self) -> bool {
        Instant::now() >= self.deadline
    }

    fn reset(&mut self, deadline: Instant) {
        self.deadline = deadline;
    }
}

/// Eventloop with all the state of a connection
pub struct EventLoop {
    /// Options of the current mqtt connection
    pub options: MqttOptions,
    /// Current state of the connection
    pub state: MqttState,
    /// Request stream
    pub requests_rx: Receiver<Request>,
    /// Requests handle to send requests
    pub requests_tx: SyncSender<Request>,
    /// Pending packets from last session
    pub pending: IntoIter<Request>,
    /// Buffered packets
    pub buffered: IntoIter<Incoming>,
    /// Network connection to the broker
    pub(crate) network: Option<Network>,
    /// Keep alive time
    pub(crate) keepalive_timeout: Delay,
    /// Handle to read cancellation requests
    pub(crate) cancel_rx: Receiver<()>,
    /// Handle to send cancellation requests (and drops)
    pub(crate) cancel_tx: Option<SyncSender<()>>,
    /// Last time a pending packet was retransmitted
    pub(crate) last_pending: Instant,
}

impl EventLoop {
    /// New MQTT `EventLoop`
    pub fn new(options: MqttOptions) -> EventLoop {
        let keepalive = options.keep_alive;
        let (cancel_tx, cancel_rx) = sync_channel(5);
        let (requests_tx, requests_rx) = sync_channel(options.request_channel_capacity);
        let max_inflight = options.inflight;
        let max_outgoing = options.max_outgoing_packet_size;

        EventLoop {
            options,
            state: MqttState::new(max_inflight, max_outgoing),
            requests_tx,
            requests_rx,
            pending: Vec::new().into_iter(),
            buffered: Vec::new().into_iter(),
            network: None,
            keepalive_timeout: Delay::new(keepalive),
            cancel_rx,
            cancel_tx: Some(cancel_tx),
            last_pending: Instant::now(),
        }
    }

    /// Returns a handle to communicate with this eventloop
    pub fn handle(&self) -> SyncSender<Request> {
        self.requests_tx.clone()
    }

    /// Handle for cancelling the eventloop.
    pub fn take_cancel_handle(&mut self) -> Option<SyncSender<()>> {
        self.cancel_tx.take()
    }

    /// Connects over `socket` and sends CONNECT; pending publishes of the last session
    /// are queued for retransmission.
    pub fn connect(&mut self, socket: impl Transport + 'static) -> Result<(), ConnectionError> {
        let mut network = Network::new(socket, self.options.max_incoming_packet_size);
        let connect = Connect {
            client_id: self.options.client_id(),
            keep_alive: self.options.keep_alive().as_secs() as u16,
            clean_session: self.options.clean_session(),
        };
        let bytes = connect.to_bytes();
        network.fill(bytes[0], &bytes[1..]);
        network.flush()?;
        self.network = Some(network);
        self.pending = self.state.clean().into_iter();
        Ok(())
    }

    /// Next notification or outgoing request. `Ok((None, None))` means nothing was ready.
    pub fn poll(&mut self) -> Result<(Option<Incoming>, Option<Outgoing>), ConnectionError> {
        match self.select() {
            Ok(v) => Ok(v),
            Err(e) => {
                self.network = None;
                Err(e)
            }
        }
    }

    /// Select on network and requests and generate keepalive pings when necessary
    fn select(&mut self) -> Result<(Option<Incoming>, Option<Outgoing>), ConnectionError> {
        let network = self.network.as_mut().unwrap();
        let inflight_full = self.state.inflight >= self.options.inflight;
        let throttle = self.options.pending_throttle;
        let pending = self.pending.len() > 0;

        select! {
            // Pull a bunch of packets from network, reply in bunch and yield the first item
            Some(o) = network.readb(), if self.buffered.len() == 0 => match o {
                Ok(packets) => {
                    let (incoming, replies) = self.state.handle_incoming_packets(packets)?;
                    for request in replies {
                        if let Some((kind, body, _)) = self.state.handle_outgoing_packet(request)? {
                            network.fill(kind, &body);
                        }
                    }
                    network.flush()?;
                    self.buffered = incoming.into_iter();
                    Ok((self.buffered.next(), None))
                }
                Err(e) => Err(ConnectionError::Io(e)),
            },
            // yield the next incoming packet of already (handled) buffered incoming packets
            Some(o) = self.buffered.next(), if self.buffered.len() > 0 => Ok((Some(o), None)),
            // Pull next request from user requests channel.
            // If condition in the below branch if for flow control. We read next user request
            // only when max inflight settings are honoured.
            Some(o) = next_request(&self.requests_rx), if !inflight_full && !pending => match o {
                Some(request) => {
                    let outgoing = match self.state.handle_outgoing_packet(request)? {
                        Some((kind, body, outgoing)) => {
                            network.fill(kind, &body);
                            Some(outgoing)
                        }
                        None => None,
                    };
                    // bulk up publish requests
                    if self.options.max_request_batch > 0 {
                        bulk_fill(&self.options, &mut self.state, &self.requests_rx, network)?;
                        network.flush()?;
                        return Ok((None, Some(Outgoing::Batch)));
                    }
                    network.flush()?;
                    Ok((None, outgoing))
                }
                None => Err(ConnectionError::RequestsDone),
            },
            // Handle the next pending packet from previous session. Disable
            // this branch when done with all the pending packets
            Some(request) = next_pending(throttle, &mut self.last_pending, &mut self.pending), if pending => {
                let outgoing = match self.state.handle_outgoing_packet(request)? {
                    Some((kind, body, outgoing)) => {
                        network.fill(kind, &body);
                        network.flush()?;
                        Some(outgoing)
                    }
                    None => None,
                };
                Ok((None, outgoing))
            },
            // We generate pings irrespective of network activity. This keeps the ping logic
            // simple.
            true = self.keepalive_timeout.elapsed(), if !self.options.keep_alive.is_zero() => {
                self.keepalive_timeout.reset(Instant::now() + self.options.keep_alive);
                let (kind, body, outgoing) = self
                    .state
                    .handle_outgoing_packet(Request::PingReq)?
                    .expect("pingreq is always written");
                network.fill(kind, &body);
                network.flush()?;
                Ok((None, Some(outgoing)))
            },
            // cancellation requests to stop the polling
            Ok(()) = self.cancel_rx.try_recv(), if self.cancel_tx.is_none() => Err(ConnectionError::Cancel),
            else => Ok((None, None)),
        }
    }
}

/// `None` if no request is queued, `Some(None)` once every handle is dropped.
fn next_request(requests: &Receiver<Request>) -> Option<Option<Request>> {
    match requests.try_recv() {
        Ok(request) => Some(Some(request)),
        Err(TryRecvError::Empty) => None,
        Err(TryRecvError::Disconnected) => Some(None),
    }
}

/// Returns the next pending packet once `delay` has passed since the previous one.
fn next_pending(delay: Duration, last: &mut Instant, pending: &mut IntoIter<Request>) -> Option<Request> {
    if last.elapsed() < delay {
        return None;
    }
    *last = Instant::now();
    pending.next()
}

fn bulk_fill(
    options: &MqttOptions,
    state: &mut MqttState,
    requests: &Receiver<Request>,
    network: &mut Network,
) -> Result<(), ConnectionError> {
    // Be eager in reading more data till inflight buffers are full.
    for _i in 0..options.max_request_batch {
        if state.inflight >= options.inflight {
            break;
        }

        let request = match requests.try_recv() {
            Ok(r) => r,
            Err(_) => break,
        };
        if let Some((kind, body, _)) = state.handle_outgoing_packet(request)? {
            network.fill(kind, &body);
        }
    }

    Ok(())
}
