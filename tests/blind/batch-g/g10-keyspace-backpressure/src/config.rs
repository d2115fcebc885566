/// Global keyspace configuration
#[derive(Clone)]
pub struct Config {
    /// Max size of all journals in bytes
    pub(crate) max_journaling_size_in_bytes: u64,
    /// Max size of all active memtables
    pub(crate) max_write_buffer_size_in_bytes: u64,
    /// Amount of concurrent flush workers
    pub(crate) flush_workers_count: usize,
    /// Fsync every N ms asynchronously
    pub(crate) fsync_ms: Option<u16>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            max_write_buffer_size_in_bytes: 64 * 1_024 * 1_024,
            max_journaling_size_in_bytes: /* 512 MiB */ 512 * 1_024 * 1_024,
            fsync_ms: Some(1_000),
            flush_workers_count: 4,
        }
    }
}

impl Config {
    /// Sets the amount of flush workers
    #[must_use]
    pub fn flush_workers(mut self, n: usize) -> Self {
        self.flush_workers_count = n;
        self
    }

    /// Max size of all journals in bytes.
    #[must_use]
    pub fn max_journaling_size(mut self, bytes: u64) -> Self {
        assert!(bytes >= 24 * 1_024 * 1_024);

        self.max_journaling_size_in_bytes = bytes;
        self
    }

    /// Max size of all memtables in bytes.
    #[must_use]
    pub fn max_write_buffer_size(mut self, bytes: u64) -> Self {
        assert!(bytes >= 1_024 * 1_024);

        self.max_write_buffer_size_in_bytes = bytes;
        self
    }

    /// If Some, starts an fsync thread that asynchronously persists data.
    #[must_use]
    pub fn fsync_ms(mut self, ms: Option<u16>) -> Self {
        if let Some(ms) = ms {
            assert!(ms > 0);
        }

        self.fsync_ms = ms;
        self
    }

    pub fn fsync_interval(&self) -> Option<std::time::Duration> {
        self.fsync_ms.map(|ms| std::time::Duration::from_millis(u64::from(ms)))
    }
}
