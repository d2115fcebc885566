//! Interval scheduler for a single-threaded event loop.
//!
//! Each entry fires every `every`; an entry whose previous runs are still
//! going is skipped once `overlap` runs are active, instead of piling up.

use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// One line of the schedule file: `name every=<secs> overlap=<n>`.
#[derive(Debug, Clone, PartialEq)]
pub struct EntrySpec {
    pub name: String,
    pub every: Duration,
    /// `overlap=` in the file: runs of this entry allowed at the same time.
    pub max_concurrent_runs: usize,
}

impl EntrySpec {
    pub fn parse(line: &str) -> Result<Self, String> {
        let mut parts = line.split_whitespace();
        let name = parts.next().ok_or("empty line")?.to_string();
        let mut every = None;
        let mut max_concurrent_runs = 1;
        for kv in parts {
            match kv.split_once('=') {
                Some(("every", v)) => every = Some(Duration::from_secs(v.parse().map_err(|_| "bad every")?)),
                Some(("overlap", v)) => max_concurrent_runs = v.parse().map_err(|_| "bad overlap")?,
                _ => return Err(format!("unknown field `{kv}`")),
            }
        }
        Ok(EntrySpec { name, every: every.ok_or("missing every=")?, max_concurrent_runs })
    }
}

/// Handed to a run; dropping it marks the run finished.
pub struct RunTicket {
    current_runs: Rc<Cell<usize>>,
}

impl Drop for RunTicket {
    fn drop(&mut self) {
        self.current_runs.set(self.current_runs.get() - 1);
    }
}

struct Entry {
    spec: EntrySpec,
    next_due: Instant,
    current_runs: Rc<Cell<usize>>,
    skipped: u64,
}

pub struct Scheduler {
    entries: Vec<Entry>,
}

impl Scheduler {
    pub fn new(specs: Vec<EntrySpec>, start: Instant) -> Self {
        let entries = specs
            .into_iter()
            .map(|spec| Entry { next_due: start + spec.every, spec, current_runs: Rc::new(Cell::new(0)), skipped: 0 })
            .collect();
        Scheduler { entries }
    }

    /// Returns the entries to start now, each with its ticket.
    pub fn tick(&mut self, now: Instant) -> Vec<(String, RunTicket)> {
        let mut due = Vec::new();
        for e in &mut self.entries {
            if now < e.next_due {
                continue;
            }
            while e.next_due <= now {
                e.next_due += e.spec.every;
            }
            if e.current_runs.get() == e.spec.max_concurrent_runs {
                e.skipped += 1;
                continue;
            }
            e.current_runs.set(e.current_runs.get() + 1);
            due.push((e.spec.name.clone(), RunTicket { current_runs: Rc::clone(&e.current_runs) }));
        }
        due
    }

    /// `(name, active runs, skipped firings)` for each entry.
    pub fn report(&self) -> Vec<(String, usize, u64)> {
        self.entries.iter().map(|e| (e.spec.name.clone(), e.current_runs.get(), e.skipped)).collect()
    }

    /// When the loop should wake next.
    pub fn next_wakeup(&self) -> Option<Instant> {
        self.entries.iter().map(|e| e.next_due).min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_when_overlap_is_full() {
        let t0 = Instant::now();
        let spec = EntrySpec::parse("backup every=10 overlap=2").unwrap();
        let mut s = Scheduler::new(vec![spec], t0);
        let a = s.tick(t0 + Duration::from_secs(10));
        let b = s.tick(t0 + Duration::from_secs(20));
        assert!(s.tick(t0 + Duration::from_secs(30)).is_empty());
        assert_eq!(s.report()[0], ("backup".to_string(), 2, 1));
        drop(a);
        assert_eq!(s.tick(t0 + Duration::from_secs(40)).len(), 1);
        drop(b);
        assert_eq!(s.next_wakeup(), Some(t0 + Duration::from_secs(50)));
    }
}
