/// `basic.qos`: asks the broker to limit unacknowledged deliveries.
///
/// The broker enforces this; the client only sends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BasicQos {
    pub prefetch_size: u32,
    pub prefetch_count: u16,
    pub global: bool,
}

impl BasicQos {
    pub const CLASS_ID: u16 = 60;
    pub const METHOD_ID: u16 = 10;

    /// Method frame payload, big-endian as on the wire.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(11);
        out.extend_from_slice(&Self::CLASS_ID.to_be_bytes());
        out.extend_from_slice(&Self::METHOD_ID.to_be_bytes());
        out.extend_from_slice(&self.prefetch_size.to_be_bytes());
        out.extend_from_slice(&self.prefetch_count.to_be_bytes());
        out.push(self.global as u8);
        out
    }
}

/// A message pushed by the broker.
#[derive(Debug, Clone)]
pub struct Delivery {
    pub delivery_tag: u64,
    pub redelivered: bool,
    /// Value of the `x-delivery-count` header, set by quorum queues.
    pub delivery_count: Option<u32>,
    pub body: Vec<u8>,
}
