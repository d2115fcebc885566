//! Webhook dispatcher: signs event payloads, POSTs them to subscriber
//! endpoints and reschedules failed deliveries with exponential backoff.

mod outbox;

pub use outbox::{Outbox, PendingDelivery};

use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct WebhookConfig {
    /// Delivery attempts per event and endpoint.
    pub max_attempts: u32,
    /// Per-request timeout, handed to the HTTP poster.
    pub request_timeout: Duration,
    pub backoff_base: Duration,
    pub signing_secret: String,
}

/// The HTTP side; returns the response status.
pub trait Poster {
    fn post(&mut self, url: &str, body: &[u8], signature: &str, timeout: Duration) -> Result<u16, String>;
}

pub struct Dispatcher<P> {
    config: WebhookConfig,
    poster: P,
    outbox: Outbox,
    delivered: u64,
}

impl<P: Poster> Dispatcher<P> {
    pub fn new(config: WebhookConfig, poster: P) -> Self {
        Dispatcher { config, poster, outbox: Outbox::default(), delivered: 0 }
    }

    pub fn enqueue(&mut self, event_id: &str, url: &str, body: Vec<u8>, now: Instant) {
        self.outbox.push(PendingDelivery::new(event_id, url, body, now));
    }

    fn sign(&self, body: &[u8]) -> String {
        // FNV-1a over secret and body; stands in for the HMAC of the real service.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in self.config.signing_secret.as_bytes().iter().chain(body) {
            h ^= *b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        format!("v1={h:016x}")
    }

    /// Attempts every delivery that is due.
    pub fn run_due(&mut self, now: Instant) {
        for mut d in self.outbox.take_due(now) {
            let signature = self.sign(&d.body);
            let outcome = self.poster.post(&d.url, &d.body, &signature, self.config.request_timeout);
            match outcome {
                Ok(status) if (200..300).contains(&status) => self.delivered += 1,
                Ok(_) | Err(_) => {
                    d.attempt_count += 1;
                    debug_assert!(
                        d.attempt_count <= self.config.max_attempts,
                        "delivery {} exceeded its attempts",
                        d.event_id
                    );
                    let exp = 2u32.saturating_pow(d.attempt_count.min(16));
                    d.next_at = now + self.config.backoff_base.saturating_mul(exp);
                    self.outbox.push(d);
                }
            }
        }
    }

    pub fn delivered(&self) -> u64 {
        self.delivered
    }

    pub fn backlog(&self) -> usize {
        self.outbox.len()
    }
}
