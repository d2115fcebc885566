//! Debouncer for file-system events: coalesces bursts of events per path
//! and releases them in batches.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Created,
    Modified,
    Removed,
}

/// Debounce settings, e.g. from `--debounce-ms`, `--batch`, `--max-wait-ms`.
#[derive(Debug, Clone, Copy)]
pub struct DebounceOpts {
    /// Quiet period after the last event before a batch is released.
    pub quiet: Duration,
    /// Most paths in one released batch; the rest wait for the next poll.
    pub batch_cap: usize,
    /// A batch is released after this long even if events keep coming.
    pub max_wait: Duration,
}

pub struct Debouncer {
    opts: DebounceOpts,
    pending: BTreeMap<PathBuf, Change>,
    first_event: Option<Instant>,
    last_event: Option<Instant>,
}

impl Debouncer {
    pub fn new(opts: DebounceOpts) -> Self {
        Debouncer { opts: DebounceOpts { batch_cap: opts.batch_cap.max(1), ..opts }, pending: BTreeMap::new(), first_event: None, last_event: None }
    }

    pub fn push(&mut self, path: PathBuf, change: Change, now: Instant) {
        let merged = match (self.pending.get(&path), change) {
            (Some(Change::Created), Change::Modified) => Change::Created,
            (Some(Change::Created), Change::Removed) => {
                self.pending.remove(&path);
                if self.pending.is_empty() {
                    self.first_event = None;
                    self.last_event = None;
                }
                return;
            }
            (_, c) => c,
        };
        self.pending.insert(path, merged);
        self.first_event.get_or_insert(now);
        self.last_event = Some(now);
    }

    fn due(&self, now: Instant) -> bool {
        let (Some(first), Some(last)) = (self.first_event, self.last_event) else { return false };
        now.duration_since(last) >= self.opts.quiet
            || now.duration_since(first) >= self.opts.max_wait
            || self.pending.len() >= self.opts.batch_cap
    }

    /// Releases at most `batch_cap` coalesced events when a batch is due.
    pub fn poll(&mut self, now: Instant) -> Vec<(PathBuf, Change)> {
        if self.pending.is_empty() || !self.due(now) {
            return Vec::new();
        }
        let keys: Vec<PathBuf> = self.pending.keys().take(self.opts.batch_cap).cloned().collect();
        let batch = keys
            .into_iter()
            .map(|k| {
                let c = self.pending.remove(&k).expect("key just listed");
                (k, c)
            })
            .collect();
        if self.pending.is_empty() {
            self.first_event = None;
            self.last_event = None;
        } else {
            self.first_event = Some(now);
        }
        batch
    }

    /// When the caller should poll next, if anything is pending.
    pub fn next_deadline(&self) -> Option<Instant> {
        let first = self.first_event?;
        let last = self.last_event?;
        Some((last + self.opts.quiet).min(first + self.opts.max_wait))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> DebounceOpts {
        DebounceOpts { quiet: Duration::from_millis(50), batch_cap: 2, max_wait: Duration::from_secs(1) }
    }

    #[test]
    fn releases_in_capped_batches() {
        let t = Instant::now();
        let mut d = Debouncer::new(opts());
        for name in ["a", "b", "c"] {
            d.push(PathBuf::from(name), Change::Modified, t);
        }
        assert_eq!(d.poll(t).len(), 2);
        assert_eq!(d.poll(t + Duration::from_millis(60)).len(), 1);
        assert!(d.next_deadline().is_none());
    }

    #[test]
    fn create_then_remove_cancels() {
        let t = Instant::now();
        let mut d = Debouncer::new(opts());
        d.push(PathBuf::from("tmp"), Change::Created, t);
        d.push(PathBuf::from("tmp"), Change::Removed, t);
        assert!(d.poll(t + Duration::from_secs(2)).is_empty());
    }
}
