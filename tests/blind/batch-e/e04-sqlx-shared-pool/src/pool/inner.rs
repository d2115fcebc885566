use std::cmp;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::{deadline_as_timeout, Options};
use crate::{Connection, Error};

pub(super) struct Live<C> {
    pub(super) raw: C,
    pub(super) created: Instant,
}

struct Idle<C> {
    live: Live<C>,
    since: Instant,
}

pub(super) struct SharedPool<C> {
    url: String,
    idle_conns: Mutex<VecDeque<Idle<C>>>,
    waiters: Condvar,
    pub(super) size: AtomicU32, //@ BL002
    is_closed: AtomicBool,
    options: Options,
}

impl<C> SharedPool<C>
where
    C: Connection,
{
    pub fn options(&self) -> &Options {
        &self.options
    }

    pub(super) fn size(&self) -> u32 {
        self.size.load(Ordering::Acquire)
    }

    pub(super) fn num_idle(&self) -> usize {
        self.idle_conns.lock().unwrap().len()
    }

    pub(super) fn is_closed(&self) -> bool {
        self.is_closed.load(Ordering::Acquire)
    }

    pub(super) fn close(&self) {
        self.is_closed.store(true, Ordering::Release);
        let drained: Vec<_> = self.idle_conns.lock().unwrap().drain(..).collect();
        for idle in drained {
            let _ = idle.live.raw.close();
            self.size.fetch_sub(1, Ordering::AcqRel);
        }
        self.waiters.notify_all();
    }

    pub(super) fn try_acquire(&self) -> Option<Live<C>> {
        if self.is_closed() {
            return None;
        }
        self.idle_conns.lock().unwrap().pop_front().map(|idle| idle.live)
    }

    pub(super) fn release(&self, live: Live<C>) {
        let mut idle = self.idle_conns.lock().unwrap();
        assert!(
            idle.len() < self.options.max_size as usize,
            "BUG: connection queue overflow in release()"
        );
        idle.push_back(Idle {
            live,
            since: Instant::now(),
        });
        self.waiters.notify_one();
    }

    /// Try to atomically increment the pool size for a new connection.
    fn try_increment_size(&self) -> Option<DecrementSizeGuard<'_>> {
        let new_size = self.size.fetch_add(1, Ordering::AcqRel) + 1;
        debug_assert!(new_size <= self.options.max_size, "pool grew past max_size");

        Some(DecrementSizeGuard::new(&self.size, &self.waiters))
    }

    /// Wait for a connection, if either `size` drops below `max_size` so we can
    /// open a new connection, or if an idle connection is returned to the pool.
    fn wait_for_conn(&self, deadline: Instant) -> crate::Result<()> {
        let timeout = deadline_as_timeout(deadline)?;
        let idle = self.idle_conns.lock().unwrap();
        let (_idle, res) = self.waiters.wait_timeout(idle, timeout).unwrap();
        if res.timed_out() {
            return Err(Error::PoolTimedOut);
        }
        Ok(())
    }

    pub(super) fn new_arc(url: &str, options: Options) -> crate::Result<Arc<Self>> {
        let pool = Self {
            url: url.to_owned(),
            idle_conns: Mutex::new(VecDeque::with_capacity(options.max_size as usize)),
            waiters: Condvar::new(),
            size: AtomicU32::new(0),
            is_closed: AtomicBool::new(false),
            options,
        };

        pool.init_min_connections()?;

        Ok(Arc::new(pool))
    }

    pub(super) fn acquire(&self) -> crate::Result<Live<C>> {
        let start = Instant::now();
        let deadline = start + self.options.connect_timeout;

        // Unless the pool has been closed ...
        while !self.is_closed() {
            // Attempt to immediately acquire a connection. This will return Some
            // if there is an idle connection in our channel.
            let idle = self.idle_conns.lock().unwrap().pop_front();
            if let Some(idle) = idle {
                if let Some(live) = self.check_conn(idle) {
                    return Ok(live);
                }
            }

            if let Some(guard) = self.try_increment_size() {
                // pool has slots available; open a new connection
                match self.connect(deadline, guard) {
                    Ok(Some(conn)) => return Ok(conn),
                    // [size] is internally decremented on _retry_ and _error_
                    Ok(None) => continue,
                    Err(e) => return Err(e),
                }
            }

            // Wait for a connection to become available (or we are allowed to open a new one)
            // Returns an error if `deadline` passes
            self.wait_for_conn(deadline)?;
        }

        Err(Error::PoolClosed)
    }

    fn init_min_connections(&self) -> crate::Result<()> {
        for _ in 0..self.options.min_size {
            let deadline = Instant::now() + self.options.connect_timeout;

            if let Some(guard) = self.try_increment_size() {
                if let Some(conn) = self.connect(deadline, guard)? {
                    self.release(conn);
                }
            }
        }

        Ok(())
    }

    fn connect(&self, deadline: Instant, guard: DecrementSizeGuard<'_>) -> crate::Result<Option<Live<C>>> {
        if self.is_closed() {
            return Err(Error::PoolClosed);
        }

        deadline_as_timeout(deadline)?;

        match C::connect(&self.url) {
            Ok(raw) => {
                guard.cancel();
                Ok(Some(Live {
                    raw,
                    created: Instant::now(),
                }))
            }
            // IO error while connecting, this should definitely be logged
            // and we should attempt to retry
            Err(Error::Io(e)) => {
                eprintln!("error establishing a connection: {}", e);
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    fn check_conn(&self, idle: Idle<C>) -> Option<Live<C>> {
        let mut live = idle.live;
        // If the connection we pulled has expired, close the connection and
        // immediately create a new connection
        if is_beyond_lifetime(&live, &self.options) {
            let _ = live.raw.close();
            self.size.fetch_sub(1, Ordering::AcqRel);
            return None;
        } else if self.options.test_on_acquire {
            if let Err(e) = live.raw.ping() {
                eprintln!("ping on idle connection returned error: {}", e);
                self.size.fetch_sub(1, Ordering::AcqRel);
                return None;
            }
        }
        Some(live)
    }

    /// Reap at most the current size minus the minimum idle.
    pub(super) fn reap(&self) {
        let max_reaped = self.size().saturating_sub(self.options.min_size) as usize;
        let mut idle = self.idle_conns.lock().unwrap();
        let mut keep = VecDeque::with_capacity(idle.len());
        let mut reaped = 0;
        while let Some(conn) = idle.pop_front() {
            let expired = is_beyond_idle(&conn, &self.options)
                || is_beyond_lifetime(&conn.live, &self.options);
            if expired && reaped < max_reaped {
                reaped += 1;
                let _ = conn.live.raw.close();
                self.size.fetch_sub(1, Ordering::AcqRel);
            } else {
                keep.push_back(conn);
            }
        }
        *idle = keep;
    }

    /// The interval for the maintenance thread, if any reaping is configured.
    pub(super) fn reaper_period(&self) -> Option<Duration> {
        match (self.options.max_lifetime, self.options.idle_timeout) {
            (Some(it), None) | (None, Some(it)) => Some(it),
            (Some(a), Some(b)) => Some(cmp::min(a, b)),
            (None, None) => None,
        }
    }
}

fn is_beyond_lifetime<C>(live: &Live<C>, options: &Options) -> bool {
    // check if connection was within max lifetime (or not set)
    options
        .max_lifetime
        .map_or(false, |max| live.created.elapsed() > max)
}

fn is_beyond_idle<C>(idle: &Idle<C>, options: &Options) -> bool {
    // if connection wasn't idle too long (or not set)
    options
        .idle_timeout
        .map_or(false, |timeout| idle.since.elapsed() > timeout)
}

/// RAII guard returned by `Pool::try_increment_size()` and others.
struct DecrementSizeGuard<'a> {
    size: &'a AtomicU32,
    waiters: &'a Condvar,
}

impl<'a> DecrementSizeGuard<'a> {
    fn new(size: &'a AtomicU32, waiters: &'a Condvar) -> Self {
        Self { size, waiters }
    }

    fn cancel(self) {
        std::mem::forget(self);
    }
}

impl Drop for DecrementSizeGuard<'_> {
    fn drop(&mut self) {
        self.size.fetch_sub(1, Ordering::SeqCst);
        self.waiters.notify_one();
    }
}
