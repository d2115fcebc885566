//! **Pool** for SQLx database connections.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::{Connection, Error};

mod inner;
mod options;

use self::inner::{Live, SharedPool};
pub use self::options::{Builder, Options};

/// A pool of database connections.
pub struct Pool<C: Connection>(Arc<SharedPool<C>>);

impl<C: Connection> Pool<C> {
    /// Creates a connection pool with the default configuration.
    pub fn new(url: &str) -> crate::Result<Self> {
        Self::builder().build(url)
    }

    fn with_options(url: &str, options: Options) -> crate::Result<Self> {
        let inner = SharedPool::new_arc(url, options)?;
        Ok(Pool(inner))
    }

    /// Returns a [Builder] to configure a new connection pool.
    pub fn builder() -> Builder {
        Builder::new()
    }

    /// Retrieves a connection from the pool, runs `f` with it and returns it.
    pub fn with_conn<T>(&self, f: impl FnOnce(&mut C) -> crate::Result<T>) -> crate::Result<T> {
        let mut live = self.0.acquire()?;
        let result = f(&mut live.raw);
        self.0.release(live);
        result
    }

    /// Ends the use of a connection pool.
    pub fn close(&self) {
        self.0.close();
    }

    /// Returns the number of connections currently being managed by the pool.
    pub fn size(&self) -> u32 {
        self.0.size()
    }

    /// Returns the number of idle connections.
    pub fn idle(&self) -> usize {
        self.0.num_idle()
    }

    /// Returns the configured maximum pool size.
    pub fn max_size(&self) -> u32 {
        self.0.options().max_size
    }

    /// Returns the maximum time spent acquiring a new connection before an error is returned.
    pub fn connect_timeout(&self) -> Duration {
        self.0.options().connect_timeout
    }

    /// Returns the configured minimum idle connection count.
    pub fn min_size(&self) -> u32 {
        self.0.options().min_size
    }

    /// Returns true if the pool is closed.
    pub fn is_closed(&self) -> bool {
        self.0.is_closed()
    }

    /// Closes connections that outlived `max_lifetime`/`idle_timeout`;
    /// called periodically by the application's maintenance thread.
    pub fn reap(&self) {
        self.0.reap();
    }

    /// How often the maintenance thread should call [`Pool::reap`], if at all.
    pub fn reaper_period(&self) -> Option<Duration> {
        self.0.reaper_period()
    }

    #[doc(hidden)]
    pub fn inspect_live(&self) -> Option<Instant> {
        self.0.try_acquire().map(|live: Live<C>| {
            let created = live.created;
            self.0.release(live);
            created
        })
    }
}

/// get the time between the deadline and now and use that as our timeout
fn deadline_as_timeout(deadline: Instant) -> crate::Result<Duration> {
    deadline
        .checked_duration_since(Instant::now())
        .ok_or(Error::PoolTimedOut)
}
