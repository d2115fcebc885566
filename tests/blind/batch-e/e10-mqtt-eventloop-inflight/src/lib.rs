//! An MQTT client event loop with inflight flow control.

use std::time::Duration;

/// Polls each branch whose precondition holds, in order, and runs the handler
/// of the first one whose value matches its pattern; falls back to `else`.
macro_rules! select {
    (else => $otherwise:expr $(,)?) => {
        $otherwise
    };
    ($pat:pat = $poll:expr, if $cond:expr => $handler:expr, $($rest:tt)*) => {
        match if $cond { Some($poll) } else { None } {
            Some($pat) => $handler,
            _ => select!($($rest)*),
        }
    };
}

pub mod eventloop;
pub mod framed;
pub mod state;

pub use eventloop::{ConnectionError, EventLoop};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QoS {
    AtMostOnce = 0,
    AtLeastOnce = 1,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Publish {
    pub topic: String,
    pub qos: QoS,
    pub pkid: u16,
    pub payload: Vec<u8>,
}

/// Requests by the client to the event loop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    Publish(Publish),
    PubAck(u16),
    PingReq,
    Disconnect,
}

/// Packets read from the broker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Incoming {
    ConnAck,
    Publish(Publish),
    PubAck(u16),
    PingResp,
}

/// Packets written to the broker, as reported to the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outgoing {
    Publish(u16),
    PubAck(u16),
    PingReq,
    Disconnect,
    Batch,
}

/// The CONNECT packet sent once per connection.
#[derive(Debug, Clone)]
pub struct Connect {
    pub client_id: String,
    pub keep_alive: u16,
    pub clean_session: bool,
}

impl Connect {
    /// Variable header + payload as the broker expects them.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![0x10];
        out.extend_from_slice(b"\x00\x04MQTT\x04");
        out.push(if self.clean_session { 0x02 } else { 0x00 });
        out.extend_from_slice(&self.keep_alive.to_be_bytes());
        out.extend_from_slice(&(self.client_id.len() as u16).to_be_bytes());
        out.extend_from_slice(self.client_id.as_bytes());
        out
    }
}

/// Options to configure the behaviour of mqtt connection
#[derive(Clone, Debug)]
pub struct MqttOptions {
    /// broker address that you want to connect to
    pub(crate) broker_addr: String,
    /// broker port
    pub(crate) port: u16,
    /// keep alive time to send pingreq to broker when the connection is idle
    pub(crate) keep_alive: Duration,
    /// clean (or) persistent session
    pub(crate) clean_session: bool,
    /// client identifier
    pub(crate) client_id: String,
    /// maximum incoming packet size (verifies remaining length of the packet)
    pub(crate) max_incoming_packet_size: usize,
    /// Maximum outgoing packet size (only verifies publish payload size)
    pub(crate) max_outgoing_packet_size: usize,
    /// request (publish, subscribe) channel capacity
    pub(crate) request_channel_capacity: usize,
    /// Max internal request batching
    pub(crate) max_request_batch: usize,
    /// Minimum delay time between consecutive outgoing packets
    /// while retransmitting pending packets
    pub(crate) pending_throttle: Duration,
    /// maximum number of outgoing inflight messages
    pub(crate) inflight: u16,
}

impl MqttOptions {
    /// New mqtt options
    pub fn new<S: Into<String>, T: Into<String>>(id: S, host: T, port: u16) -> MqttOptions {
        MqttOptions {
            broker_addr: host.into(),
            port,
            keep_alive: Duration::from_secs(60),
            clean_session: true,
            client_id: id.into(),
            max_incoming_packet_size: 10 * 1024,
            max_outgoing_packet_size: 10 * 1024,
            request_channel_capacity: 10,
            max_request_batch: 0,
            pending_throttle: Duration::from_micros(0),
            inflight: 100,
        }
    }

    /// Broker address
    pub fn broker_address(&self) -> (String, u16) {
        (self.broker_addr.clone(), self.port)
    }

    /// Set number of seconds after which client should ping the broker
    /// if there is no other data exchange
    pub fn set_keep_alive(&mut self, duration: Duration) -> &mut Self {
        assert!(duration.as_secs() >= 5, "Keep alives should be >= 5 secs");
        self.keep_alive = duration;
        self
    }

    /// Keep alive time
    pub fn keep_alive(&self) -> Duration {
        self.keep_alive
    }

    /// Client identifier
    pub fn client_id(&self) -> String {
        self.client_id.clone()
    }

    /// Set packet size limit for outgoing an incoming packets
    pub fn set_max_packet_size(&mut self, incoming: usize, outgoing: usize) -> &mut Self {
        self.max_incoming_packet_size = incoming;
        self.max_outgoing_packet_size = outgoing;
        self
    }

    /// Clean session
    pub fn clean_session(&self) -> bool {
        self.clean_session
    }

    /// Set number of concurrent in flight messages
    pub fn set_inflight(&mut self, inflight: u16) -> &mut Self {
        if inflight == 0 {
            panic!("zero in flight is not allowed")
        }

        self.inflight = inflight;
        self
    }

    /// Number of concurrent in flight messages
    pub fn inflight(&self) -> u16 {
        self.inflight
    }

    /// Batch up to this many queued requests into one write.
    pub fn set_max_request_batch(&mut self, max: usize) -> &mut Self {
        self.max_request_batch = max;
        self
    }
}
