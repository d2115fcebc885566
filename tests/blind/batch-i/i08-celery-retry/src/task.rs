use std::fmt;

/// Configuration options pertaining to a task.
///
/// These are set at either the app level (pertaining to all registered tasks),
/// or the task level (pertaining to a specific task). Options set at the task
/// level take precedence.
#[derive(Copy, Clone, Default, Debug)]
pub struct TaskOptions {
    /// Time limit for a task.
    ///
    /// If set to `Some(n)`, the task will be interrupted and fail with a
    /// `TimeoutError` if it runs longer than `n` seconds.
    pub time_limit: Option<u32>,

    /// The `time_limit` option is equivalent to the "soft time limit" option
    /// when sending tasks to a Python consumer. If you desire to set a "hard
    /// time limit", use this option.
    ///
    /// `time_limit` and `hard_time_limit` are treated the same by Rust workers, and if both
    /// are set, the minimum of the two will be used.
    pub hard_time_limit: Option<u32>,

    /// Maximum number of retries for this task.
    ///
    /// If this option is left unspecified, the default behavior will be to retry tasks indefinitely.
    pub max_retries: Option<u32>,

    /// Minimum retry delay (in seconds).
    pub min_retry_delay: Option<u32>,

    /// Maximum retry delay (in seconds).
    ///
    /// If this option is left unspecified, the default behavior will be to cap delays at 1 hour
    /// (3600 seconds) with some random jitter.
    pub max_retry_delay: Option<u32>,

    /// Whether or not to retry the task when an `UnexpectedError` is returned.
    pub retry_for_unexpected: Option<bool>,

    /// Whether messages will be acknowledged after the task has been executed or before.
    pub acks_late: Option<bool>,
}

impl TaskOptions {
    /// Update the fields in `self` with the fields in `other`.
    pub fn update(&mut self, other: &TaskOptions) {
        self.time_limit = self.time_limit.or(other.time_limit);
        self.hard_time_limit = self.hard_time_limit.or(other.hard_time_limit);
        self.max_retries = self.max_retries.or(other.max_retries);
        self.min_retry_delay = self.min_retry_delay.or(other.min_retry_delay);
        self.max_retry_delay = self.max_retry_delay.or(other.max_retry_delay);
        self.retry_for_unexpected = self.retry_for_unexpected.or(other.retry_for_unexpected);
        self.acks_late = self.acks_late.or(other.acks_late);
    }
}

#[derive(Debug, Clone)]
pub enum TaskError {
    /// An error that is expected to happen every once in a while; it is
    /// retried.
    ExpectedError(String),
    /// Any other error; retried only when `retry_for_unexpected` allows it.
    UnexpectedError(String),
    /// The task ran past its time limit.
    TimeoutError,
    /// The task asked to be retried, optionally after `n` seconds.
    Retry(Option<u32>),
}

impl fmt::Display for TaskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TaskError::ExpectedError(s) => write!(f, "task raised expected error: {s}"),
            TaskError::UnexpectedError(s) => write!(f, "task raised unexpected error: {s}"),
            TaskError::TimeoutError => f.write_str("task timed out"),
            TaskError::Retry(_) => f.write_str("task requested a retry"),
        }
    }
}

pub trait Task: Send + Sync + 'static {
    const NAME: &'static str;

    /// Task-level defaults; app-level options fill in what is left unset.
    fn defaults(&self) -> TaskOptions {
        TaskOptions::default()
    }

    fn run(&self, body: &[u8]) -> Result<String, TaskError>;
}
