//! Request queue of a text-generation router: entries wait here until the
//! batching task asks for the next batch that fits the token budgets.

pub mod client;
pub mod queue;

/// Minimal stand-in for the `tracing` debug macro used by the queue.
#[macro_export]
macro_rules! debug {
    ($($arg:tt)*) => {
        if std::env::var_os("ROUTER_TRACE").is_some() {
            eprintln!($($arg)*);
        }
    };
}

/// Minimal stand-in for the `metrics` crate.
pub mod metrics {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    pub static QUEUE_SIZE: AtomicU64 = AtomicU64::new(0);
    pub static REQUEST_FAILURE_DROPPED: AtomicU64 = AtomicU64::new(0);
    pub static BATCH_NEXT_SIZE_LAST: AtomicU64 = AtomicU64::new(0);
    pub fn gauge_queue_size(value: usize) { QUEUE_SIZE.store(value as u64, Relaxed) }
    pub fn counter_dropped() { REQUEST_FAILURE_DROPPED.fetch_add(1, Relaxed); }
    pub fn histogram_batch_next_size(value: u32) { BATCH_NEXT_SIZE_LAST.store(value as u64, Relaxed) }
}

/// Already validated request, as produced by the router's validation step.
#[derive(Debug, Clone, Default)]
pub struct ValidGenerateRequest {
    pub inputs: String,
    pub input_length: u32,
    pub parameters: client::NextTokenChooserParameters,
    pub stopping_parameters: client::StoppingCriteriaParameters,
}
