use std::time::Instant;

/// One event waiting to be delivered to one endpoint.
#[derive(Debug, Clone)]
pub struct PendingDelivery {
    pub event_id: String,
    pub url: String,
    pub body: Vec<u8>,
    pub attempt_count: u32, //@ BL002
    pub next_at: Instant,
}

impl PendingDelivery {
    pub fn new(event_id: &str, url: &str, body: Vec<u8>, now: Instant) -> Self {
        PendingDelivery { event_id: event_id.into(), url: url.into(), body, attempt_count: 0, next_at: now }
    }
}

/// Deliveries ordered by when they are next due.
#[derive(Debug, Default)]
pub struct Outbox {
    items: Vec<PendingDelivery>,
}

impl Outbox {
    pub fn push(&mut self, d: PendingDelivery) {
        let at = self.items.partition_point(|x| x.next_at <= d.next_at);
        self.items.insert(at, d);
    }

    pub fn take_due(&mut self, now: Instant) -> Vec<PendingDelivery> {
        let n = self.items.partition_point(|x| x.next_at <= now);
        self.items.drain(..n).collect()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}
