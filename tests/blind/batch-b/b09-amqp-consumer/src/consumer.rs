use std::collections::HashMap;

use crate::frames::{BasicQos, Delivery};

#[derive(Debug, Clone)]
pub struct ConsumerOptions {
    pub consumer_tag: String,
    /// Sent to the broker in `basic.qos`.
    pub prefetch_count: u16,
    /// Handlers allowed to run at once; extra deliveries are requeued.
    pub max_in_flight: usize,
    /// Deliveries of one message before it is dead-lettered.
    pub redelivery_limit: u32,
}

impl Default for ConsumerOptions {
    fn default() -> Self {
        ConsumerOptions {
            consumer_tag: String::from("b09-consumer"),
            prefetch_count: 50,
            max_in_flight: 8,
            redelivery_limit: 5,
        }
    }
}

/// What to tell the broker about one delivery.
#[derive(Debug, PartialEq, Eq)]
pub enum Disposition {
    Start,
    Requeue,
    DeadLetter,
}

pub struct Consumer {
    opts: ConsumerOptions,
    in_flight: HashMap<u64, Delivery>,
    acked: u64,
    dead_lettered: u64,
}

impl Consumer {
    pub fn new(opts: ConsumerOptions) -> Self {
        Consumer { opts, in_flight: HashMap::new(), acked: 0, dead_lettered: 0 }
    }

    /// The `basic.qos` frame to send before `basic.consume`.
    pub fn qos_frame(&self) -> Vec<u8> {
        BasicQos { prefetch_size: 0, prefetch_count: self.opts.prefetch_count, global: false }.encode()
    }

    pub fn tag(&self) -> &str {
        &self.opts.consumer_tag
    }

    /// Decides what to do with a delivery the broker just pushed.
    pub fn on_delivery(&mut self, d: Delivery) -> Disposition {
        let limit = self.opts.redelivery_limit;
        if matches!(d.delivery_count, Some(seen) if seen > limit) {
            self.dead_lettered += 1;
            return Disposition::DeadLetter;
        }
        if self.in_flight.len() >= self.opts.max_in_flight {
            return Disposition::Requeue;
        }
        self.in_flight.insert(d.delivery_tag, d);
        Disposition::Start
    }

    /// A handler finished; returns the delivery so the caller can ack it.
    pub fn finish(&mut self, delivery_tag: u64) -> Option<Delivery> {
        let d = self.in_flight.remove(&delivery_tag)?;
        self.acked += 1;
        Some(d)
    }

    /// `(acked, dead_lettered, in_flight)` for the metrics endpoint.
    pub fn stats(&self) -> (u64, u64, usize) {
        (self.acked, self.dead_lettered, self.in_flight.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn delivery(tag: u64, count: Option<u32>) -> Delivery {
        Delivery { delivery_tag: tag, redelivered: count.is_some(), delivery_count: count, body: vec![] }
    }

    #[test]
    fn requeues_past_in_flight_cap() {
        let mut c = Consumer::new(ConsumerOptions { max_in_flight: 1, ..Default::default() });
        assert_eq!(c.on_delivery(delivery(1, None)), Disposition::Start);
        assert_eq!(c.on_delivery(delivery(2, None)), Disposition::Requeue);
        c.finish(1).unwrap();
        assert_eq!(c.on_delivery(delivery(2, Some(1))), Disposition::Start);
    }

    #[test]
    fn dead_letters_after_limit() {
        let mut c = Consumer::new(ConsumerOptions::default());
        assert_eq!(c.on_delivery(delivery(9, Some(6))), Disposition::DeadLetter);
        assert_eq!(c.stats(), (0, 1, 0));
        assert_eq!(c.qos_frame()[8..10], 50u16.to_be_bytes());
    }
}
