use std::time::Duration;

use crate::pool::{ManageConnection, Pool};

/// Pool settings. `None` disables the corresponding expiry.
#[derive(Debug, Clone)]
pub struct Builder {
    pub(crate) max_size: u32,
    pub(crate) min_idle: Option<u32>,
    pub(crate) max_lifetime: Option<Duration>,
    pub(crate) idle_timeout: Option<Duration>,
    pub(crate) connection_timeout: Duration,
}

impl Default for Builder {
    fn default() -> Self {
        Builder {
            max_size: 10,
            min_idle: None,
            max_lifetime: Some(Duration::from_secs(30 * 60)),
            idle_timeout: Some(Duration::from_secs(10 * 60)),
            connection_timeout: Duration::from_secs(30),
        }
    }
}

impl Builder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Most connections the pool will hold, idle and checked out together.
    pub fn max_size(mut self, max_size: u32) -> Self {
        assert!(max_size > 0, "max_size must be positive");
        self.max_size = max_size;
        self
    }

    pub fn min_idle(mut self, min_idle: Option<u32>) -> Self {
        self.min_idle = min_idle;
        self
    }

    /// Connections older than this are closed when they come back.
    pub fn max_lifetime(mut self, max_lifetime: Option<Duration>) -> Self {
        self.max_lifetime = max_lifetime;
        self
    }

    /// Idle connections unused for this long are closed by `reap`.
    pub fn idle_timeout(mut self, idle_timeout: Option<Duration>) -> Self {
        self.idle_timeout = idle_timeout;
        self
    }

    /// How long `get` waits for a free slot.
    pub fn connection_timeout(mut self, timeout: Duration) -> Self {
        self.connection_timeout = timeout;
        self
    }

    pub fn build<M: ManageConnection>(self, manager: M) -> Pool<M> {
        Pool::with_config(self, manager)
    }
}
