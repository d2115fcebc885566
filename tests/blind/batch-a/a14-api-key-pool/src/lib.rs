//! Spreads requests over several provider API keys, each with its own
//! requests-per-minute allowance, and parks keys that received a 429.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct KeySpec {
    pub label: String,
    pub secret: String,
    /// Requests this key may make per window (the provider's RPM tier).
    pub rpm: u32,
}

#[derive(Debug)]
struct Slot {
    spec: KeySpec,
    in_window: u32,
    window_start: Instant,
    parked_until: Option<Instant>,
}

/// A key handed out for one request.
#[derive(Debug, Clone)]
pub struct Lease {
    index: usize,
    pub label: String,
    pub secret: String,
}

pub struct KeyPool {
    slots: Mutex<Vec<Slot>>,
    cursor: AtomicUsize,
    window: Duration,
}

impl KeyPool {
    pub fn new(keys: Vec<KeySpec>) -> Self {
        let now = Instant::now();
        let slots = keys
            .into_iter()
            .map(|spec| Slot {
                spec,
                in_window: 0,
                window_start: now,
                parked_until: None,
            })
            .collect();
        Self {
            slots: Mutex::new(slots),
            cursor: AtomicUsize::new(0),
            window: Duration::from_secs(60),
        }
    }

    /// Picks the next key, round-robin, that still has room in its window.
    pub fn checkout(&self) -> Option<Lease> {
        let mut slots = self.slots.lock().unwrap();
        let n = slots.len();
        if n == 0 {
            return None;
        }
        let now = Instant::now();
        for slot in slots.iter_mut() {
            if now.duration_since(slot.window_start) >= self.window {
                slot.in_window = 0;
                slot.window_start = now;
            }
        }

        let usable = |s: &Slot| {
            s.in_window < s.spec.rpm && s.parked_until.map_or(true, |until| now >= until)
        };
        let start = self.cursor.fetch_add(1, Ordering::Relaxed) % n;
        let index = (0..n).map(|i| (start + i) % n).find(|&i| usable(&slots[i]))?;

        let slot = &mut slots[index];
        slot.in_window += 1;
        Some(Lease {
            index,
            label: slot.spec.label.clone(),
            secret: slot.spec.secret.clone(),
        })
    }

    /// Parks the leased key after the provider answered 429.
    pub fn report_throttled(&self, lease: &Lease, retry_after: Option<Duration>) {
        let mut slots = self.slots.lock().unwrap();
        if let Some(slot) = slots.get_mut(lease.index) {
            let pause = retry_after.unwrap_or(self.window);
            slot.parked_until = Some(Instant::now() + pause);
        }
    }

    /// Earliest moment any key frees up, for the caller's sleep.
    pub fn next_free_in(&self) -> Duration {
        let slots = self.slots.lock().unwrap();
        let now = Instant::now();
        slots
            .iter()
            .map(|s| {
                let window_end = (s.window_start + self.window).saturating_duration_since(now);
                let parked = s.parked_until.map_or(Duration::ZERO, |t| t.saturating_duration_since(now));
                window_end.max(parked)
            })
            .min()
            .unwrap_or(self.window)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_gets_its_rpm() {
        let pool = KeyPool::new(vec![
            KeySpec { label: "a".into(), secret: "sk-a".into(), rpm: 1 },
            KeySpec { label: "b".into(), secret: "sk-b".into(), rpm: 2 },
        ]);
        let taken: Vec<_> = std::iter::from_fn(|| pool.checkout()).take(10).collect();
        assert_eq!(taken.len(), 3);
    }
}
