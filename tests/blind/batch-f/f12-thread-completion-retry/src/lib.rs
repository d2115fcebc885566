//! Agent thread of a code editor: one user turn runs completions and tools in
//! a loop; failed completions are retried with a per-error retry strategy.

pub mod language_model;
pub mod thread;

/// Retry status shown in the agent panel ("Retrying 2/4 in 10s").
#[derive(Debug, Clone)]
pub struct RetryStatus {
    pub last_error: String,
    pub attempt: usize,
    pub max_attempts: usize,
    pub started_at: std::time::Instant,
    pub duration: std::time::Duration,
}

impl RetryStatus {
    pub fn label(&self) -> String {
        format!("Retrying {}/{} in {:?}: {}", self.attempt, self.max_attempts, self.duration, self.last_error)
    }
}
