use crate::{MqttOptions, MqttState, Packet, Request, StateError};
use std::collections::VecDeque;

/// Polls the first branch whose precondition holds, in the declared order,
/// with the same arm syntax as the async `select!` it stands in for.
macro_rules! select {
    ($($pat:pat = $fut:expr, if $guard:expr => $body:expr),+ $(,)?) => {{
        let mut __done = None;
        $(
            if __done.is_none() && $guard {
                if let $pat = $fut {
                    __done = Some($body);
                }
            }
        )+
        __done
    }};
}

pub struct EventLoop {
    pub mqtt_options: MqttOptions,
    pub state: MqttState,
    pub requests_rx: VecDeque<Request>,
    pub pending: VecDeque<Request>,
    pub network: Vec<Packet>,
}

impl EventLoop {
    pub fn new(mqtt_options: MqttOptions) -> EventLoop {
        let inflight_limit = mqtt_options.inflight();
        let max_outgoing_size = mqtt_options.max_outgoing_packet_size();
        let cap = mqtt_options.request_channel_capacity();
        EventLoop {
            mqtt_options,
            state: MqttState::new(inflight_limit, max_outgoing_size),
            requests_rx: VecDeque::with_capacity(cap),
            pending: VecDeque::new(),
            network: Vec::new(),
        }
    }

    fn next_request(pending: &mut VecDeque<Request>, rx: &mut VecDeque<Request>) -> Option<Request> {
        if let Some(r) = pending.pop_front() {
            return Some(r);
        }
        rx.pop_front()
    }

    /// Select on network and requests and generate keepalive pings when necessary
    pub fn select(&mut self) -> Result<Option<()>, StateError> {
        let inflight_full = self.state.inflight >= self.mqtt_options.inflight();
        let collision = self.state.collision.is_some();

        let out = select! {
            Some(request) = Self::next_request(&mut self.pending, &mut self.requests_rx),
                if !self.pending.is_empty() || (!inflight_full && !collision) => {
                self.state.handle_outgoing_packet(request)
            },
            Some(()) = Some(()), if true => {
                self.state.handle_outgoing_packet(Request::PingReq)
            },
        };

        match out {
            Some(Ok(Some(packet))) => {
                self.network.push(packet);
                Ok(Some(()))
            }
            Some(Ok(None)) | None => Ok(None),
            Some(Err(e)) => Err(e),
        }
    }
}
