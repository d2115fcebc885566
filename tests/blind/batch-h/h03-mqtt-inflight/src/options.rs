/// Options to configure the behaviour of MQTT connection
#[derive(Clone, Debug)]
pub struct MqttOptions {
    pub client_id: String,
    /// Maximum incoming packet size (verifies remaining length of the packet)
    max_incoming_packet_size: usize,
    /// Maximum outgoing packet size (only verifies publish payload size)
    max_outgoing_packet_size: usize,
    /// request (publish, subscribe) channel capacity
    request_channel_capacity: usize,
    /// maximum number of outgoing inflight messages
    inflight: u16,
}

impl MqttOptions {
    pub fn new<S: Into<String>>(id: S) -> MqttOptions {
        MqttOptions {
            client_id: id.into(),
            max_incoming_packet_size: 10 * 1024,
            max_outgoing_packet_size: 10 * 1024,
            request_channel_capacity: 10,
            inflight: 100,
        }
    }

    pub fn set_max_packet_size(&mut self, incoming: usize, outgoing: usize) -> &mut Self {
        self.max_incoming_packet_size = incoming;
        self.max_outgoing_packet_size = outgoing;
        self
    }

    pub fn max_incoming_packet_size(&self) -> usize {
        self.max_incoming_packet_size
    }

    pub fn max_outgoing_packet_size(&self) -> usize {
        self.max_outgoing_packet_size
    }

    pub fn request_channel_capacity(&self) -> usize {
        self.request_channel_capacity
    }

    /// Set number of concurrent in flight messages
    pub fn set_inflight(&mut self, inflight: u16) -> &mut Self {
        assert!(inflight != 0, "zero in flight is not allowed");
        self.inflight = inflight;
        self
    }

    pub fn inflight(&self) -> u16 {
        self.inflight
    }

}
