//! In-process job queue with leases, retries and a dead-letter list.

pub mod job;
pub mod queue;

pub use job::{Job, JobId};
pub use queue::{Queue, QueueConfig, RunOutcome};
