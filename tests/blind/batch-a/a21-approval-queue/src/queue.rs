use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct ApprovalConfig {
    /// Requests that may wait for a human at once.
    pub max_pending: usize,
    /// Requests nobody answered within this time are denied.
    pub auto_deny_after: Duration,
}

impl Default for ApprovalConfig {
    fn default() -> Self {
        Self {
            max_pending: 16,
            auto_deny_after: Duration::from_secs(15 * 60),
        }
    }
}

/// An action the agent wants to take and a human must approve.
#[derive(Debug, Clone)]
pub struct ActionRequest {
    pub agent: String,
    pub command: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ticket(pub u64);

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Decision {
    Approved,
    Denied,
    Expired,
}

struct Pending {
    request: ActionRequest,
    submitted: Instant,
}

pub struct ApprovalQueue {
    cfg: ApprovalConfig,
    waiting: Mutex<HashMap<Ticket, Pending>>,
    next_ticket: AtomicU64,
    pub pending_count: AtomicUsize, //@ BL002
}

impl ApprovalQueue {
    pub fn new(cfg: ApprovalConfig) -> Self {
        Self {
            cfg,
            waiting: Mutex::new(HashMap::new()),
            next_ticket: AtomicU64::new(1),
            pending_count: AtomicUsize::new(0),
        }
    }

    /// Queues a request for a human and returns the ticket the agent waits on.
    pub fn submit(&self, request: ActionRequest) -> Ticket {
        debug_assert!(
            self.pending_count.load(Ordering::Acquire) < self.cfg.max_pending,
            "approval queue over capacity"
        );
        let ticket = Ticket(self.next_ticket.fetch_add(1, Ordering::Relaxed));
        self.waiting.lock().unwrap().insert(
            ticket,
            Pending {
                request,
                submitted: Instant::now(),
            },
        );
        self.pending_count.fetch_add(1, Ordering::AcqRel);
        ticket
    }

    /// Records a human's answer; returns the request it applied to.
    pub fn resolve(&self, ticket: Ticket, decision: Decision) -> Option<(ActionRequest, Decision)> {
        let pending = self.waiting.lock().unwrap().remove(&ticket)?;
        self.pending_count.fetch_sub(1, Ordering::AcqRel);
        Some((pending.request, decision))
    }

    /// Denies every request older than `auto_deny_after`.
    pub fn expire_stale(&self, now: Instant) -> Vec<Ticket> {
        let mut waiting = self.waiting.lock().unwrap();
        let stale: Vec<Ticket> = waiting
            .iter()
            .filter(|(_, p)| now.duration_since(p.submitted) >= self.cfg.auto_deny_after)
            .map(|(t, _)| *t)
            .collect();
        for ticket in &stale {
            waiting.remove(ticket);
        }
        self.pending_count.fetch_sub(stale.len(), Ordering::AcqRel);
        stale
    }

    /// Shown in the approvals panel header.
    pub fn status_line(&self) -> String {
        format!(
            "{} of {} approval slots in use",
            self.pending_count.load(Ordering::Acquire),
            self.cfg.max_pending
        )
    }

    pub fn describe(&self, ticket: Ticket) -> Option<String> {
        let waiting = self.waiting.lock().unwrap();
        let p = waiting.get(&ticket)?;
        Some(format!("{} wants to run `{}`", p.request.agent, p.request.command))
    }
}
