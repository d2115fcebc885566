//! Retry policies with exponential backoff and jitter.
//!
//! ```
//! use std::time::Duration;
//! let policy = b06_backoff_builder::RetryPolicy::builder()
//!     .min_delay(Duration::from_millis(100))
//!     .max_delay(Duration::from_secs(30))
//!     .max_retries(8)
//!     .build()
//!     .unwrap();
//! assert!(policy.should_retry(3));
//! ```

mod policy;

pub use policy::{BuildError, Jitter, RetryPolicy, RetryPolicyBuilder};

use std::time::Duration;

/// Runs `op` until it succeeds or the policy gives up. `sleep` and `unit`
/// are injected so callers can plug in their runtime and RNG.
pub fn retry<T, E>(
    policy: &RetryPolicy,
    mut op: impl FnMut() -> Result<T, E>,
    mut sleep: impl FnMut(Duration),
    mut unit: impl FnMut() -> f64,
) -> Result<T, E> {
    let mut n_past_retries = 0;
    loop {
        match op() {
            Ok(v) => return Ok(v),
            Err(e) if !policy.should_retry(n_past_retries) => return Err(e),
            Err(_) => {
                sleep(policy.delay_for(n_past_retries, unit()));
                n_past_retries += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gives_up_after_max_retries() {
        let policy = RetryPolicy::builder().max_retries(3).jitter(Jitter::None).build().unwrap();
        let mut calls = 0;
        let mut slept = Vec::new();
        let r: Result<(), &str> = retry(&policy, || { calls += 1; Err("down") }, |d| slept.push(d), || 0.5);
        assert!(r.is_err());
        assert_eq!(calls, 4);
        assert_eq!(slept.len(), 3);
        assert!(slept[0] < slept[1] && slept[1] < slept[2]);
    }

    #[test]
    fn builder_rejects_inverted_bounds() {
        let err = RetryPolicy::builder()
            .min_delay(Duration::from_secs(5))
            .max_delay(Duration::from_secs(1))
            .build();
        assert!(matches!(err, Err(BuildError::InvertedBounds)));
    }
}
