//! Paged-attention scheduler: chooses between prompt (prefill) batches and
//! completion (decode) batches under sequence, token and KV-block budgets.

pub mod scheduler;
pub mod sequence;

/// Lock an `Arc<Mutex<_>>`, spinning until it becomes available.
#[macro_export]
macro_rules! get_mut_arcmutex {
    ($thing:expr) => {
        loop {
            if let Ok(inner) = $thing.try_lock() {
                break inner;
            }
            // Yield to allow other threads to make progress and release the lock.
            std::thread::yield_now();
        }
    };
}
