use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A budget in cents shared by every worker of one orchestration.
#[derive(Debug)]
pub struct SharedBudget {
    pub spent_cents: AtomicU64, //@ BL001
    pub cap_cents: u64,
}

impl SharedBudget {
    pub fn new(cap_usd: f64) -> Arc<Self> {
        Arc::new(Self {
            spent_cents: AtomicU64::new(0),
            cap_cents: (cap_usd * 100.0).round() as u64,
        })
    }

    pub fn exhausted(&self) -> bool {
        self.spent_cents.load(Ordering::Acquire) >= self.cap_cents
    }

    pub fn remaining_usd(&self) -> f64 {
        let spent = self.spent_cents.load(Ordering::Acquire);
        self.cap_cents.saturating_sub(spent) as f64 / 100.0
    }

    /// Clears the spend between two orchestrations that reuse the budget.
    pub fn reset(&self) {
        self.spent_cents.store(0, Ordering::Release);
    }
}
