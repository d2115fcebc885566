use crate::{Packet, Publish, QoS, Request};
use std::collections::VecDeque;
use std::fmt;

#[derive(Debug)]
pub enum StateError {
    AwaitPingResp,
    CollisionTimeout,
    Unsolicited(u16),
    OutgoingPacketTooLarge { pkt_size: usize, max: usize },
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
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
    /// Outgoing QoS 1, 2 publishes which aren't acked yet
    pub(crate) outgoing_pub: Vec<Option<Publish>>,
    /// Last collision due to broker not acking in order
    pub collision: Option<Publish>,
    /// Buffered outgoing packet events
    pub events: VecDeque<Packet>,
    /// Maximum outgoing packet size, mirrored from the options
    pub(crate) max_outgoing_packet_size: usize,
}

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
            events: VecDeque::with_capacity(100),
            max_outgoing_packet_size,
        }
    }

    pub fn inflight(&self) -> u16 {
        self.inflight
    }

    pub fn handle_outgoing_packet(&mut self, request: Request) -> Result<Option<Packet>, StateError> {
        match request {
            Request::Publish(publish) => self.outgoing_publish(publish),
            Request::PingReq => self.outgoing_ping(),
        }
    }

    pub fn handle_incoming_puback(&mut self, pkid: u16) -> Result<Option<Packet>, StateError> {
        let publish = self
            .outgoing_pub
            .get_mut(pkid as usize)
            .ok_or(StateError::Unsolicited(pkid))?;
        if publish.take().is_none() {
            return Err(StateError::Unsolicited(pkid));
        }

        self.inflight -= 1;
        let packet = self.check_collision(pkid).map(|publish| {
            self.outgoing_pub[publish.pkid as usize] = Some(publish.clone());
            self.inflight += 1;
            self.collision_ping_count = 0;
            Packet::Publish(publish)
        });
        Ok(packet)
    }

    fn outgoing_publish(&mut self, mut publish: Publish) -> Result<Option<Packet>, StateError> {
        if publish.size() > self.max_outgoing_packet_size {
            return Err(StateError::OutgoingPacketTooLarge {
                pkt_size: publish.size(),
                max: self.max_outgoing_packet_size,
            });
        }

        if publish.qos != QoS::AtMostOnce {
            if publish.pkid == 0 {
                publish.pkid = self.next_pkid();
            }
            let pkid = publish.pkid;
            if self
                .outgoing_pub
                .get(pkid as usize)
                .ok_or(StateError::Unsolicited(pkid))?
                .is_some()
            {
                self.collision = Some(publish);
                return Ok(None);
            }

            self.outgoing_pub[pkid as usize] = Some(publish.clone());
            self.inflight += 1;
        }

        self.events.push_back(Packet::Publish(publish.clone()));
        Ok(Some(Packet::Publish(publish)))
    }

    fn outgoing_ping(&mut self) -> Result<Option<Packet>, StateError> {
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
        Ok(Some(Packet::PingReq))
    }

    fn check_collision(&mut self, pkid: u16) -> Option<Publish> {
        if let Some(publish) = &self.collision {
            if publish.pkid == pkid {
                return self.collision.take();
            }
        }
        None
    }

    /// Packet ids are incremented till maximum set inflight messages and reset to 1 after that.
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
