//! Least-connections balancer with a connection ceiling per backend.

mod backend;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

pub use backend::{Backend, Lease};

/// One `[[backend]]` table of the balancer config.
#[derive(Debug, Clone)]
pub struct BackendSpec {
    pub addr: String,
    pub weight: u32,
    pub conn_ceiling: usize,
}

pub struct Balancer {
    backends: Vec<Arc<Backend>>,
    /// Requests routed since start, for the stats page.
    routed_total: AtomicU64,
    /// Requests turned away because every backend was full.
    shed_total: AtomicU64,
}

impl Balancer {
    pub fn new(specs: &[BackendSpec]) -> Self {
        let backends = specs
            .iter()
            .map(|s| Arc::new(Backend::new(&s.addr, s.weight, s.conn_ceiling)))
            .collect();
        Balancer { backends, routed_total: AtomicU64::new(0), shed_total: AtomicU64::new(0) }
    }

    /// Picks the healthy backend with the lowest load relative to its weight
    /// and takes one of its slots. `None` when all are full or down.
    pub fn route(&self) -> Option<Lease> {
        let mut candidates: Vec<&Arc<Backend>> = self.backends.iter().filter(|b| b.is_healthy()).collect();
        candidates.sort_by(|a, b| a.load().total_cmp(&b.load()));
        for backend in candidates {
            if let Some(lease) = Backend::try_lease(backend) {
                self.routed_total.fetch_add(1, Ordering::Relaxed);
                return Some(lease);
            }
        }
        self.shed_total.fetch_add(1, Ordering::Relaxed);
        None
    }

    /// `(routed, shed)` since start.
    pub fn totals(&self) -> (u64, u64) {
        (self.routed_total.load(Ordering::Relaxed), self.shed_total.load(Ordering::Relaxed))
    }

    pub fn backends(&self) -> &[Arc<Backend>] {
        &self.backends
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sheds_when_every_backend_is_full() {
        let specs = vec![
            BackendSpec { addr: "10.0.0.1:80".into(), weight: 1, conn_ceiling: 1 },
            BackendSpec { addr: "10.0.0.2:80".into(), weight: 1, conn_ceiling: 1 },
        ];
        let lb = Balancer::new(&specs);
        let a = lb.route().unwrap();
        let b = lb.route().unwrap();
        assert_ne!(a.addr(), b.addr());
        assert!(lb.route().is_none());
        drop(a);
        assert!(lb.route().is_some());
        assert_eq!(lb.totals(), (3, 1));
    }
}
