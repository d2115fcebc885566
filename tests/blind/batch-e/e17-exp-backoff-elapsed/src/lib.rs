//! Exponential backoff and retry.

pub mod backoff;
pub mod exponential;
pub mod retry;

pub mod clock {
    use std::time::Instant;

    /// Clock returns the current time.
    pub trait Clock {
        fn now(&self) -> Instant;
    }

    /// `SystemClock` uses the system's clock to get the current time.
    #[derive(Debug, Default, Clone)]
    pub struct SystemClock {}

    impl Clock for SystemClock {
        fn now(&self) -> Instant {
            Instant::now()
        }
    }
}

pub mod default {
    /// The default initial interval value in milliseconds (0.5 seconds).
    pub const INITIAL_INTERVAL_MILLIS: u64 = 500;
    /// The default randomization factor (0.5 which results in a random period ranging between 50%
    /// below and 50% above the retry interval).
    pub const RANDOMIZATION_FACTOR: f64 = 0.5;
    /// The default multiplier value (1.5 which is 50% increase per back off).
    pub const MULTIPLIER: f64 = 1.5;
    /// The default maximum back off time in milliseconds (1 minute).
    pub const MAX_INTERVAL_MILLIS: u64 = 60_000;
    /// The default maximum elapsed time in milliseconds (15 minutes).
    pub const MAX_ELAPSED_TIME_MILLIS: u64 = 900_000;
}

pub mod error {
    use std::fmt;
    use std::time::Duration;

    /// Error is the error value in an operation's
    /// result.
    #[derive(Debug, PartialEq, Eq)]
    pub enum Error<E> {
        /// Permanent means that it's impossible to execute the operation
        /// successfully. This error is immediately returned from `retry()`.
        Permanent(E),

        /// Transient means that the error is temporary. If the `retry_after` is `None`
        Transient {
            err: E,
            retry_after: Option<Duration>,
        },
    }

    impl<E> Error<E> {
        pub fn permanent(err: E) -> Self {
            Error::Permanent(err)
        }

        pub fn transient(err: E) -> Self {
            Error::Transient { err, retry_after: None }
        }

        pub fn retry_after(err: E, duration: Duration) -> Self {
            Error::Transient { err, retry_after: Some(duration) }
        }
    }

    impl<E: fmt::Display> fmt::Display for Error<E> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match *self {
                Error::Permanent(ref err) | Error::Transient { ref err, .. } => err.fmt(f),
            }
        }
    }
}

pub use crate::backoff::Backoff;
pub use crate::clock::{Clock, SystemClock};
pub use crate::error::Error;
pub use crate::retry::{retry, retry_notify, Notify};

/// Exponential backoff policy with system's clock.
pub type ExponentialBackoff = exponential::ExponentialBackoff<SystemClock>;

/// Builder for exponential backoff policy with system's clock.
pub type ExponentialBackoffBuilder = exponential::ExponentialBackoffBuilder<SystemClock>;
