use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::{Connect, Error, PoolOptions, RawConn};

pub struct Live {
    pub raw: RawConn,
    pub created_at: Instant,
}

pub struct Idle {
    pub live: Live,
    pub idle_since: Instant,
}

pub struct PoolInner {
    pub(super) connect: Box<dyn Connect>,
    pub(super) idle_conns: Mutex<VecDeque<Idle>>,
    pub(super) size: AtomicU32,
    pub(super) num_idle: AtomicUsize,
    is_closed: AtomicBool,
    pub(super) options: PoolOptions,
}

/// Decrements the pool size when dropped, unless cancelled.
pub struct DecrementSizeGuard {
    pool: Arc<PoolInner>,
    cancelled: bool,
}

impl DecrementSizeGuard {
    pub fn cancel(mut self) {
        self.cancelled = true;
    }
}

impl Drop for DecrementSizeGuard {
    fn drop(&mut self) {
        if !self.cancelled {
            self.pool.size.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

impl PoolInner {
    pub fn new_arc(options: PoolOptions, connect: Box<dyn Connect>) -> Arc<Self> {
        let capacity = options.max_connections as usize;
        Arc::new(Self {
            connect,
            idle_conns: Mutex::new(VecDeque::with_capacity(capacity)),
            size: AtomicU32::new(0),
            num_idle: AtomicUsize::new(0),
            is_closed: AtomicBool::new(false),
            options,
        })
    }

    pub fn size(&self) -> u32 {
        self.size.load(Ordering::Acquire)
    }

    pub fn num_idle(&self) -> usize {
        // We don't use `self.idle_conns.len()` as it waits for the internal
        // head and tail pointers to stop changing for a moment before calculating the length.
        self.num_idle.load(Ordering::Acquire)
    }

    pub fn is_closed(&self) -> bool {
        self.is_closed.load(Ordering::Acquire)
    }

    pub fn close(&self) {
        self.is_closed.store(true, Ordering::Release);
    }

    fn pop_idle(&self) -> Option<Idle> {
        let idle = self.idle_conns.lock().unwrap().pop_front()?;
        self.num_idle.fetch_sub(1, Ordering::AcqRel);
        Some(idle)
    }

    pub fn release(&self, live: Live) {
        self.idle_conns.lock().unwrap().push_back(Idle { live, idle_since: Instant::now() });
        self.num_idle.fetch_add(1, Ordering::AcqRel);
    }

    /// Try to atomically increment the pool size for a new connection.
    ///
    /// Returns `None` if the pool is at max capacity already or is closed.
    pub fn try_increment_size(self: &Arc<Self>) -> Option<DecrementSizeGuard> {
        let result = self.size.fetch_update(Ordering::AcqRel, Ordering::Acquire, |size| {
            if self.is_closed() {
                return None;
            }

            size.checked_add(1).filter(|size| size <= &self.options.max_connections)
        });

        match result {
            // we successfully incremented the size
            Ok(_) => Some(DecrementSizeGuard { pool: Arc::clone(self), cancelled: false }),
            // the pool is at max capacity or is closed
            Err(_) => None,
        }
    }

    pub fn acquire(self: &Arc<Self>) -> Result<Live, Error> {
        if self.is_closed() {
            return Err(Error::PoolClosed);
        }
        let started = Instant::now();
        let deadline = started + self.options.acquire_timeout;

        loop {
            if let Some(idle) = self.pop_idle() {
                if is_beyond_max_lifetime(&idle.live, &self.options)
                    || is_beyond_idle_timeout(&idle, &self.options)
                {
                    self.size.fetch_sub(1, Ordering::AcqRel);
                    continue;
                }
                return Ok(self.log_acquire(idle.live, started));
            }

            if let Some(guard) = self.try_increment_size() {
                let raw = self.connect.connect()?;
                guard.cancel();
                return Ok(self.log_acquire(Live { raw, created_at: Instant::now() }, started));
            }

            if Instant::now() >= deadline {
                return Err(Error::PoolTimedOut);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn log_acquire(&self, live: Live, started: Instant) -> Live {
        let elapsed = started.elapsed();
        if let Some(level) = self.options.acquire_time_level {
            if elapsed >= level {
                eprintln!("slow acquire: {elapsed:?} (size {}/{})", self.size(), self.options.max_connections);
            }
        }
        live
    }

    /// Keeps `min_connections` open; called by the reaper task.
    pub fn min_connections_maintenance(self: &Arc<Self>) -> Result<(), Error> {
        while self.size() < self.options.min_connections {
            match self.try_increment_size() {
                Some(guard) => {
                    let raw = self.connect.connect()?;
                    guard.cancel();
                    self.release(Live { raw, created_at: Instant::now() });
                }
                None => break,
            }
        }
        Ok(())
    }
}

/// Returns `true` if the connection has exceeded `options.max_lifetime` if set, `false` otherwise.
pub(super) fn is_beyond_max_lifetime(live: &Live, options: &PoolOptions) -> bool {
    options.max_lifetime.map_or(false, |max| live.created_at.elapsed() > max)
}

/// Returns `true` if the connection has exceeded `options.idle_timeout` if set, `false` otherwise.
fn is_beyond_idle_timeout(idle: &Idle, options: &PoolOptions) -> bool {
    options.idle_timeout.map_or(false, |timeout| idle.idle_since.elapsed() > timeout)
}
