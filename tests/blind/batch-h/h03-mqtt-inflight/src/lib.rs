//! MQTT client event loop state: outgoing publishes awaiting acks.

pub mod eventloop;
pub mod options;
pub mod state;

pub use eventloop::EventLoop;
pub use options::MqttOptions;
pub use state::{MqttState, StateError};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QoS {
    AtMostOnce,
    AtLeastOnce,
    ExactlyOnce,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Publish {
    pub topic: String,
    pub qos: QoS,
    pub pkid: u16,
    pub payload: Vec<u8>,
}

impl Publish {
    pub fn size(&self) -> usize {
        2 + self.topic.len() + if self.qos == QoS::AtMostOnce { 0 } else { 2 } + self.payload.len()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Packet {
    Publish(Publish),
    PubAck(u16),
    PingReq,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    Publish(Publish),
    PingReq,
}
