//! Retry wrapper around a completion call.

mod policy;

pub use policy::{Failure, RetryPolicy, RetryState};

use std::time::Duration;

/// Calls `attempt` until it succeeds or the policy gives up; `sleep` is
/// injected so tests and async callers can supply their own.
pub fn with_retries<T>(
    policy: &RetryPolicy,
    mut attempt: impl FnMut() -> Result<T, Failure>,
    mut sleep: impl FnMut(Duration),
) -> Result<T, Failure> {
    let mut state = RetryState::default();
    loop {
        match attempt() {
            Ok(value) => return Ok(value),
            Err(failure) => match policy.next_delay(&mut state, &failure) {
                Some(delay) => sleep(delay),
                None => return Err(failure),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gives_up_on_client_errors() {
        let policy = RetryPolicy::default();
        let mut calls = 0;
        let result: Result<(), _> = with_retries(
            &policy,
            || {
                calls += 1;
                Err(Failure::Status(400))
            },
            |_| {},
        );
        assert_eq!(result, Err(Failure::Status(400)));
        assert_eq!(calls, 1);
    }

    #[test]
    fn delays_are_capped() {
        let policy = RetryPolicy::default();
        let mut slept = Vec::new();
        let _: Result<(), _> = with_retries(&policy, || Err(Failure::Status(503)), |d| slept.push(d));
        assert_eq!(slept.len(), 3);
        assert!(slept.iter().all(|d| *d <= policy.max_delay));
    }
}
