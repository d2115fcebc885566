use std::time::Duration;

/// Config for worker behavior passed down from server builder.
#[derive(Debug, Clone, Copy)]
pub struct ServerWorkerConfig {
    pub(crate) shutdown_timeout: Duration,
    pub(crate) max_blocking_threads: usize,
    pub(crate) max_concurrent_connections: usize,
}

impl Default for ServerWorkerConfig {
    fn default() -> Self {
        let cpus = std::thread::available_parallelism().map_or(1, usize::from);
        // 512 is the default max blocking thread count of tokio runtime.
        let max_blocking_threads = std::cmp::max(512 / cpus, 1);
        Self {
            shutdown_timeout: Duration::from_secs(30),
            max_blocking_threads,
            max_concurrent_connections: 25600,
        }
    }
}

impl ServerWorkerConfig {
    pub fn max_blocking_threads(&mut self, num: usize) {
        self.max_blocking_threads = num;
    }

    pub fn max_concurrent_connections(&mut self, num: usize) {
        self.max_concurrent_connections = num;
    }

    pub fn shutdown_timeout(&mut self, dur: Duration) {
        self.shutdown_timeout = dur;
    }
}
