use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

pub struct Backend {
    addr: String,
    weight: u32,
    conn_ceiling: usize,
    active: AtomicUsize,
    served: AtomicU64,
    healthy: AtomicBool,
}

/// A taken slot; released on drop.
pub struct Lease {
    backend: Arc<Backend>,
}

impl Lease {
    pub fn addr(&self) -> &str {
        &self.backend.addr
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        self.backend.active.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Backend {
    pub fn new(addr: &str, weight: u32, conn_ceiling: usize) -> Self {
        Backend {
            addr: addr.to_string(),
            weight: weight.max(1),
            conn_ceiling,
            active: AtomicUsize::new(0),
            served: AtomicU64::new(0),
            healthy: AtomicBool::new(true),
        }
    }

    /// Takes a slot unless the backend is at its ceiling.
    pub fn try_lease(this: &Arc<Backend>) -> Option<Lease> {
        this.active
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| (n < this.conn_ceiling).then_some(n + 1))
            .ok()?;
        this.served.fetch_add(1, Ordering::Relaxed);
        Some(Lease { backend: Arc::clone(this) })
    }

    /// Active connections per unit of weight.
    pub fn load(&self) -> f64 {
        self.active.load(Ordering::Acquire) as f64 / self.weight as f64
    }

    pub fn set_healthy(&self, up: bool) {
        self.healthy.store(up, Ordering::Release);
    }

    pub fn is_healthy(&self) -> bool {
        self.healthy.load(Ordering::Acquire)
    }

    /// Requests this backend has taken since start.
    pub fn served(&self) -> u64 {
        self.served.load(Ordering::Relaxed)
    }
}
