use std::time::Duration;

use super::Pool;
use crate::Connection;

#[derive(Debug, Clone)]
pub struct Options {
    pub(crate) test_on_acquire: bool,
    pub(crate) max_size: u32,
    pub(crate) connect_timeout: Duration,
    pub(crate) min_size: u32,
    pub(crate) max_lifetime: Option<Duration>,
    pub(crate) idle_timeout: Option<Duration>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            // pool a maximum of 10 connections to the same database
            max_size: 10,
            // don't open connections until necessary
            min_size: 0,
            // try to connect for 10 seconds before erroring
            connect_timeout: Duration::from_secs(60),
            // reap connections that have been alive > 30 minutes
            // prevents unbounded live-leaking of memory due to naive prepared statement caching
            // see src/cache.rs for context
            max_lifetime: Some(Duration::from_secs(1800)),
            // don't reap connections based on idle time
            idle_timeout: None,
            // If true, test the health of a connection on acquire
            test_on_acquire: true,
        }
    }
}

/// Builder for [Pool].
pub struct Builder {
    options: Options,
}

impl Builder {
    pub fn new() -> Self {
        Builder {
            options: Options::default(),
        }
    }

    /// Reads `DATABASE_POOL_MAX_SIZE`, `DATABASE_POOL_MIN_SIZE` and
    /// `DATABASE_POOL_CONNECT_TIMEOUT_SECS` on top of the defaults.
    pub fn from_env() -> Self {
        let mut builder = Builder::new();
        if let Some(n) = env_u64("DATABASE_POOL_MAX_SIZE") {
            builder = builder.max_size(n as u32);
        }
        if let Some(n) = env_u64("DATABASE_POOL_MIN_SIZE") {
            builder = builder.min_size(n as u32);
        }
        if let Some(n) = env_u64("DATABASE_POOL_CONNECT_TIMEOUT_SECS") {
            builder = builder.connect_timeout(Duration::from_secs(n));
        }
        builder
    }

    /// Set the maximum number of connections that this pool should maintain.
    pub fn max_size(mut self, max_size: u32) -> Self {
        self.options.max_size = max_size;
        self
    }

    /// Set the amount of time to attempt connecting to the database.
    pub fn connect_timeout(mut self, connect_timeout: Duration) -> Self {
        self.options.connect_timeout = connect_timeout;
        self
    }

    /// Set the minimum number of connections to maintain at all times.
    pub fn min_size(mut self, min_size: u32) -> Self {
        self.options.min_size = min_size;
        self
    }

    /// Set the maximum lifetime of individual connections.
    pub fn max_lifetime(mut self, max_lifetime: impl Into<Option<Duration>>) -> Self {
        self.options.max_lifetime = max_lifetime.into();
        self
    }

    /// Set a maximum idle duration for individual connections.
    pub fn idle_timeout(mut self, idle_timeout: impl Into<Option<Duration>>) -> Self {
        self.options.idle_timeout = idle_timeout.into();
        self
    }

    /// If true, the health of a connection will be verified by a call to `Connection::ping`
    pub fn test_on_acquire(mut self, test: bool) -> Self {
        self.options.test_on_acquire = test;
        self
    }

    /// Spin up the connection pool.
    pub fn build<C: Connection>(self, url: &str) -> crate::Result<Pool<C>> {
        Pool::with_options(url, self.options)
    }
}

impl Default for Builder {
    fn default() -> Self {
        Self::new()
    }
}

fn env_u64(key: &str) -> Option<u64> {
    std::env::var(key).ok()?.parse().ok()
}
