//! Per-key sliding-window limiter (log variant): every key keeps the
//! timestamps of its accepted hits inside the window.

mod policy;

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::time::{Duration, Instant};

pub use policy::Policy;

#[derive(Debug, Default)]
struct Trail {
    hits: VecDeque<Instant>,
    refused: u64,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Allow { left: u32 },
    Deny { retry_after: Duration },
}

/// True once `seen` hits fill an allowance of `allowance`.
fn over_limit(seen: usize, allowance: u32) -> bool {
    seen >= allowance as usize
}

pub struct SlidingWindow<K> {
    policy: Policy,
    trails: HashMap<K, Trail>,
}

impl<K: Hash + Eq + Clone> SlidingWindow<K> {
    pub fn new(policy: Policy) -> Self {
        SlidingWindow { policy, trails: HashMap::new() }
    }

    pub fn hit(&mut self, key: &K, now: Instant) -> Verdict {
        if !self.trails.contains_key(key) && self.trails.len() >= self.policy.max_tracked_keys {
            self.sweep(now);
        }
        let window = self.policy.window;
        let trail = self.trails.entry(key.clone()).or_default();
        while let Some(&oldest) = trail.hits.front() {
            if now.duration_since(oldest) >= window {
                trail.hits.pop_front();
            } else {
                break;
            }
        }
        if over_limit(trail.hits.len(), self.policy.hits_per_window) {
            trail.refused += 1;
            let oldest = *trail.hits.front().expect("non-empty when over the limit");
            return Verdict::Deny { retry_after: window - now.duration_since(oldest) };
        }
        trail.hits.push_back(now);
        Verdict::Allow { left: self.policy.hits_per_window - trail.hits.len() as u32 }
    }

    /// How many hits `key` had refused so far.
    pub fn refused(&self, key: &K) -> u64 {
        self.trails.get(key).map_or(0, |t| t.refused)
    }

    /// Drops keys whose last hit left the window; if the table is still full,
    /// drops the key that was idle longest.
    fn sweep(&mut self, now: Instant) {
        let window = self.policy.window;
        self.trails
            .retain(|_, t| t.hits.back().is_some_and(|&last| now.duration_since(last) < window));
        if self.trails.len() >= self.policy.max_tracked_keys {
            let stalest = self
                .trails
                .iter()
                .min_by_key(|(_, t)| t.hits.back().copied())
                .map(|(k, _)| k.clone());
            if let Some(k) = stalest {
                self.trails.remove(&k);
            }
        }
    }

    pub fn tracked_keys(&self) -> usize {
        self.trails.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn third_hit_in_window_is_denied() {
        let mut lim = SlidingWindow::new(Policy::parse("2/10s").unwrap());
        let t = Instant::now();
        assert_eq!(lim.hit(&"ip", t), Verdict::Allow { left: 1 });
        assert_eq!(lim.hit(&"ip", t), Verdict::Allow { left: 0 });
        assert!(matches!(lim.hit(&"ip", t), Verdict::Deny { .. }));
        assert_eq!(lim.refused(&"ip"), 1);
        assert!(matches!(lim.hit(&"ip", t + Duration::from_secs(10)), Verdict::Allow { .. }));
    }

    #[test]
    fn key_table_is_bounded() {
        let mut lim = SlidingWindow::new(Policy::parse("5/1m").unwrap().tracking(3));
        let t = Instant::now();
        for k in 0..10 {
            lim.hit(&k, t + Duration::from_millis(k));
        }
        assert!(lim.tracked_keys() <= 3);
    }
}
