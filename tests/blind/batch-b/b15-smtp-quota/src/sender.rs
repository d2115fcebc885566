use std::fmt;

use crate::ledger::{DailyQuota, Ledger};

pub struct Envelope {
    pub from: String,
    pub to: Vec<String>,
    pub data: Vec<u8>,
}

pub trait MailTransport {
    fn send(&mut self, env: &Envelope) -> Result<(), String>;
}

#[derive(Debug, PartialEq, Eq)]
pub enum QuotaError {
    BytesExhausted,
    Refused { pending: usize },
    Transport(String),
}

impl fmt::Display for QuotaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuotaError::BytesExhausted => f.write_str("daily byte allowance used up"),
            QuotaError::Refused { pending } => write!(f, "daily quota reached, {pending} message(s) deferred"),
            QuotaError::Transport(e) => write!(f, "relay error: {e}"),
        }
    }
}

pub struct Sender<T> {
    transport: T,
    quota: DailyQuota,
    ledger: Ledger,
}

impl<T: MailTransport> Sender<T> {
    pub fn new(transport: T, quota: DailyQuota) -> Self {
        Sender { transport, quota, ledger: Ledger::default() }
    }

    /// Sends a batch (a digest run, a newsletter slice) and returns how many
    /// messages went out.
    pub fn send_batch(&mut self, day: u32, batch: Vec<Envelope>) -> Result<usize, QuotaError> {
        self.ledger.roll_to(day);
        if self.ledger.bytes_sent >= self.quota.max_bytes {
            return Err(QuotaError::BytesExhausted);
        }
        let total = batch.len();
        for (i, env) in batch.into_iter().enumerate() {
            if !self.admits(&env) {
                return Err(QuotaError::Refused { pending: total - i });
            }
            self.transport.send(&env).map_err(QuotaError::Transport)?;
            self.ledger.messages_sent += 1;
            self.ledger.recipients_sent += env.to.len() as u32;
            self.ledger.bytes_sent += env.data.len() as u64;
        }
        Ok(total)
    }

    /// Whether one more message fits today's quota.
    fn admits(&self, env: &Envelope) -> bool { //@ BL004
        self.ledger.messages_sent < self.quota.max_messages
            && self.ledger.recipients_sent + env.to.len() as u32 <= self.quota.max_recipients
    }

    pub fn usage(&self) -> &Ledger {
        &self.ledger
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Sink(Vec<String>);

    impl MailTransport for Sink {
        fn send(&mut self, env: &Envelope) -> Result<(), String> {
            self.0.push(env.from.clone());
            Ok(())
        }
    }

    fn env(rcpts: usize) -> Envelope {
        Envelope { from: "noreply@example.com".into(), to: vec!["x@example.org".into(); rcpts], data: vec![b'x'; 100] }
    }

    #[test]
    fn recipients_quota_defers_rest_of_batch() {
        let quota = DailyQuota { max_recipients: 5, ..DailyQuota::FREE_TIER };
        let mut s = Sender::new(Sink(vec![]), quota);
        let r = s.send_batch(1, vec![env(2), env(2), env(2)]);
        assert_eq!(r, Err(QuotaError::Refused { pending: 1 }));
        assert_eq!(s.usage().recipients_sent, 4);
    }

    #[test]
    fn new_day_resets() {
        let mut s = Sender::new(Sink(vec![]), DailyQuota { max_messages: 1, ..DailyQuota::FREE_TIER });
        assert_eq!(s.send_batch(1, vec![env(1)]), Ok(1));
        assert_eq!(s.send_batch(2, vec![env(1)]), Ok(1));
    }
}
