//! Defines the Celery protocol (version 2 headers, simplified).

use std::time::{Duration, SystemTime};

#[derive(Clone, Debug, Default)]
pub struct MessageHeaders {
    pub id: String,
    pub task: String,
    pub lang: Option<String>,
    pub root_id: Option<String>,
    pub parent_id: Option<String>,
    pub group: Option<String>,
    /// Seconds-since-epoch after which the task must not run.
    pub expires: Option<SystemTime>,
    /// Earliest time at which the task may run.
    pub eta: Option<SystemTime>,
    pub retries: Option<u32>, //@ BL002
}

#[derive(Clone, Debug)]
pub struct Message {
    pub headers: MessageHeaders,
    pub raw_body: Vec<u8>,
}

impl Message {
    /// The delay before this message should be processed, if it carries an ETA
    /// in the future.
    pub fn countdown(&self) -> Option<Duration> {
        let eta = self.headers.eta?;
        eta.duration_since(SystemTime::now()).ok()
    }

    pub fn is_expired(&self) -> bool {
        self.headers
            .expires
            .map(|expires| SystemTime::now() >= expires)
            .unwrap_or(false)
    }
}

/// The queue the worker consumes from and re-publishes retries to.
pub trait Broker {
    fn ack(&mut self, message: &Message);
    fn send(&mut self, message: Message, queue: &str);

    /// Sends a copy of `message` back to its queue to be tried again at `eta`.
    fn retry(&mut self, message: &Message, eta: Option<SystemTime>) {
        let mut retried = message.clone();
        retried.headers.retries = Some(message.headers.retries.unwrap_or(0) + 1);
        retried.headers.eta = eta;
        self.send(retried, "celery");
    }
}
