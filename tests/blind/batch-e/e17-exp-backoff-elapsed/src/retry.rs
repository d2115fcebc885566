use std::thread;
use std::time::Duration;

use crate::backoff::Backoff;
use crate::error::Error;

/// Retries this operation according to the backoff policy.
pub fn retry<F, B, T, E>(backoff: B, op: F) -> Result<T, Error<E>>
where
    F: FnMut() -> Result<T, Error<E>>,
    B: Backoff,
{
    let nop = |_, _| ();
    retry_notify(backoff, op, nop)
}

/// Retries this operation according to the backoff policy.
pub fn retry_notify<F, B, N, T, E>(mut backoff: B, mut op: F, mut notify: N) -> Result<T, Error<E>>
where
    F: FnMut() -> Result<T, Error<E>>,
    B: Backoff,
    N: Notify<E>,
{
    backoff.reset();

    loop {
        let err = match op() {
            Ok(v) => return Ok(v),
            Err(err) => err,
        };

        let (err, next) = match err {
            Error::Permanent(err) => return Err(Error::Permanent(err)),
            Error::Transient { err, retry_after } => {
                match retry_after.or_else(|| backoff.next_backoff()) {
                    Some(next) => (err, next),
                    None => return Err(Error::transient(err)),
                }
            }
        };

        notify.notify(err, next);

        thread::sleep(next);
    }
}

/// Notify is called in [`retry_notify`](fn.retry_notify.html) in case of errors.
pub trait Notify<E> {
    fn notify(&mut self, err: E, duration: Duration);
}

impl<E, F> Notify<E> for F
where
    F: FnMut(E, Duration),
{
    fn notify(&mut self, err: E, duration: Duration) {
        self(err, duration)
    }
}

/// No-op implementation of [`Notify`]. Literally does nothing.
#[derive(Debug, Clone, Copy)]
pub struct NoopNotify;

impl<E> Notify<E> for NoopNotify {
    fn notify(&mut self, _: E, _: Duration) {}
}
