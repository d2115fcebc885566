use crate::{Incoming, Outgoing, Publish, QoS, Request};

/// Errors during state handling
#[derive(Debug)]
pub enum StateError {
    /// Received a packet (ack) which isn't asked for
    Unsolicited(u16),
    /// Last pingreq isn't acked
    AwaitPingResp,
    /// Timeout while waiting to resolve collision
    CollisionTimeout,
    /// Publish payload is bigger than the configured maximum
    OutgoingPacketTooLarge { pkt_size: usize, max: usize },
}

/// State of the mqtt connection.
#[derive(Debug, Clone)]
pub struct MqttState {
    /// Status of last ping
    pub await_pingresp: bool,
    /// Collision ping count. Collisions stop user requests
    /// which inturn trigger pings. Multiple pings without
    /// resolving collisions will result in error
    pub collision_ping_count: usize,
    /// Packet id of the last outgoing packet
    pub(crate) last_pkid: u16,
    /// Number of outgoing inflight publishes
    pub(crate) inflight: u16,
    /// Maximum number of allowed inflight
    pub(crate) max_inflight: u16,
    /// Outgoing QoS 1 publishes which aren't acked yet
    pub(crate) outgoing_pub: Vec<Option<Publish>>,
    /// Last collision due to broker not acking in order
    pub collision: Option<Publish>,
    /// Maximum payload size of an outgoing publish
    pub(crate) max_outgoing_packet_size: usize,
}

/// `(packet type, body, event)` for the network to write.
pub type Encoded = (u8, Vec<u8>, Outgoing);

impl MqttState {
    pub fn new(max_inflight: u16, max_outgoing_packet_size: usize) -> Self {
        MqttState {
            await_pingresp: false,
            collision_ping_count: 0,
            last_pkid: 0,
            inflight: 0,
            max_inflight,
            // index 0 is wasted as 0 is not a valid packet id
            outgoing_pub: vec![None; max_inflight as usize + 1],
            collision: None,
            max_outgoing_packet_size,
        }
    }

    /// Returns inflight outgoing packets and clears internal queues
    pub fn clean(&mut self) -> Vec<Request> {
        let pending = self.outgoing_pub.iter_mut().filter_map(|p| p.take()).map(Request::Publish).collect();
        self.await_pingresp = false;
        self.collision_ping_count = 0;
        self.inflight = 0;
        pending
    }

    pub fn inflight(&self) -> u16 {
        self.inflight
    }

    pub fn handle_outgoing_packet(&mut self, request: Request) -> Result<Option<Encoded>, StateError> {
        match request {
            Request::Publish(mut publish) => {
                if publish.payload.len() > self.max_outgoing_packet_size {
                    return Err(StateError::OutgoingPacketTooLarge {
                        pkt_size: publish.payload.len(),
                        max: self.max_outgoing_packet_size,
                    });
                }
                if publish.qos != QoS::AtMostOnce {
                    publish.pkid = self.next_pkid();
                    if self.outgoing_pub[publish.pkid as usize].is_some() {
                        self.collision = Some(publish);
                        return Ok(None);
                    }
                    self.outgoing_pub[publish.pkid as usize] = Some(publish.clone());
                    self.inflight += 1;
                }
                let pkid = publish.pkid;
                Ok(Some((0x30, publish.payload, Outgoing::Publish(pkid))))
            }
            Request::PubAck(pkid) => Ok(Some((0x40, pkid.to_be_bytes().to_vec(), Outgoing::PubAck(pkid)))),
            Request::PingReq => {
                if self.collision.is_some() {
                    self.collision_ping_count += 1;
                    if self.collision_ping_count >= 2 {
                        return Err(StateError::CollisionTimeout);
                    }
                }
                if self.await_pingresp {
                    return Err(StateError::AwaitPingResp);
                }
                self.await_pingresp = true;
                Ok(Some((0xC0, Vec::new(), Outgoing::PingReq)))
            }
            Request::Disconnect => Ok(Some((0xE0, Vec::new(), Outgoing::Disconnect))),
        }
    }

    /// Handles a batch of incoming packets, returning them for the user plus acks to write.
    pub fn handle_incoming_packets(&mut self, packets: Vec<Incoming>) -> Result<(Vec<Incoming>, Vec<Request>), StateError> {
        let mut replies = Vec::new();
        for packet in &packets {
            match packet {
                Incoming::PingResp => self.await_pingresp = false,
                Incoming::PubAck(pkid) => {
                    let slot = self.outgoing_pub.get_mut(*pkid as usize).ok_or(StateError::Unsolicited(*pkid))?;
                    if slot.take().is_none() {
                        return Err(StateError::Unsolicited(*pkid));
                    }
                    self.inflight -= 1;
                    if let Some(publish) = self.collision.take() {
                        self.collision_ping_count = 0;
                        replies.push(Request::Publish(publish));
                    }
                }
                Incoming::Publish(p) if p.qos == QoS::AtLeastOnce => replies.push(Request::PubAck(p.pkid)),
                _ => {}
            }
        }
        Ok((packets, replies))
    }

    fn next_pkid(&mut self) -> u16 {
        let next_pkid = self.last_pkid + 1;
        // When next packet id is at the edge of inflight queue,
        // set await flag. This instructs eventloop to stop
        // processing requests until all the inflight publishes
        // are acked
        if next_pkid == self.max_inflight {
            self.last_pkid = 0;
            return next_pkid;
        }
        self.last_pkid = next_pkid;
        next_pkid
    }
}
