//! Blocking stand-in for `tokio::sync::Semaphore`.

use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

#[derive(Debug)]
pub(crate) struct Semaphore {
    state: Mutex<(usize, bool)>,
    cond: Condvar,
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum TryAcquireError {
    Closed,
    NoPermits,
}

/// A permit that is given back on drop unless forgotten.
pub(crate) struct Permit<'a> {
    sem: &'a Semaphore,
}

impl Permit<'_> {
    pub(crate) fn forget(self) {
        std::mem::forget(self);
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        self.sem.add_permits(1);
    }
}

impl Semaphore {
    pub(crate) fn new(permits: usize) -> Self {
        Semaphore {
            state: Mutex::new((permits, false)),
            cond: Condvar::new(),
        }
    }

    pub(crate) fn try_acquire(&self) -> Result<Permit<'_>, TryAcquireError> {
        let mut state = self.state.lock().unwrap();
        if state.1 {
            return Err(TryAcquireError::Closed);
        }
        if state.0 == 0 {
            return Err(TryAcquireError::NoPermits);
        }
        state.0 -= 1;
        Ok(Permit { sem: self })
    }

    /// Waits for a permit, at most `timeout` if one is given.
    pub(crate) fn acquire(&self, timeout: Option<Duration>) -> Result<Permit<'_>, TryAcquireError> {
        let deadline = timeout.map(|t| Instant::now() + t);
        let mut state = self.state.lock().unwrap();
        loop {
            if state.1 {
                return Err(TryAcquireError::Closed);
            }
            if state.0 > 0 {
                state.0 -= 1;
                return Ok(Permit { sem: self });
            }
            state = match deadline {
                None => self.cond.wait(state).unwrap(),
                Some(deadline) => {
                    let now = Instant::now();
                    if now >= deadline {
                        return Err(TryAcquireError::NoPermits);
                    }
                    self.cond.wait_timeout(state, deadline - now).unwrap().0
                }
            };
        }
    }

    pub(crate) fn add_permits(&self, n: usize) {
        let mut state = self.state.lock().unwrap();
        state.0 += n;
        self.cond.notify_all();
    }

    pub(crate) fn close(&self) {
        self.state.lock().unwrap().1 = true;
        self.cond.notify_all();
    }

    pub(crate) fn is_closed(&self) -> bool {
        self.state.lock().unwrap().1
    }
}
