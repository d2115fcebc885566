use std::collections::HashMap;
use std::sync::mpsc::Receiver;
use std::time::Instant;

use crate::client::RequestResult;

/// Collects results and renders a progress line while the run goes on.
pub struct Monitor {
    /// Expected number of requests, if the run is count-bound.
    end_line: Option<usize>,
    start: Instant,
    /// All responses, by status code.
    status_dist: HashMap<u16, usize>,
    error_dist: HashMap<String, usize>,
    total_bytes: usize,
}

impl Monitor {
    pub fn new(end_line: Option<usize>) -> Self {
        Monitor {
            end_line,
            start: Instant::now(),
            status_dist: HashMap::new(),
            error_dist: HashMap::new(),
            total_bytes: 0,
        }
    }

    fn done(&self) -> usize {
        self.status_dist.values().sum::<usize>() + self.error_dist.values().sum::<usize>()
    }

    fn progress_line(&self) -> String {
        let done = self.done();
        match self.end_line {
            Some(total) if total > 0 => {
                let ratio = (done as f64 / total as f64).min(1.0);
                let filled = (ratio * 40.0) as usize;
                format!("[{}{}] {done}/{total}", "#".repeat(filled), " ".repeat(40 - filled))
            }
            _ => format!("{done} requests in {:.1?}", self.start.elapsed()),
        }
    }

    pub fn run(mut self, rx: Receiver<Result<RequestResult, String>>) -> String {
        let mut last_draw = Instant::now();
        for res in rx {
            match res {
                Ok(r) => {
                    *self.status_dist.entry(r.status).or_insert(0) += 1;
                    self.total_bytes += r.len_bytes;
                    let _latency = r.end - r.start;
                }
                Err(e) => *self.error_dist.entry(e).or_insert(0) += 1,
            }
            if last_draw.elapsed().as_millis() >= 100 {
                eprint!("\r{}", self.progress_line());
                last_draw = Instant::now();
            }
        }
        eprintln!();
        let mut lines = vec![format!(
            "Total: {:.3?}, {} requests, {} bytes",
            self.start.elapsed(),
            self.done(),
            self.total_bytes
        )];
        let mut statuses: Vec<_> = self.status_dist.iter().collect();
        statuses.sort();
        for (status, count) in statuses {
            lines.push(format!("  [{status}] {count} responses"));
        }
        for (err, count) in &self.error_dist {
            lines.push(format!("  [{count}] {err}"));
        }
        lines.join("\n")
    }
}
