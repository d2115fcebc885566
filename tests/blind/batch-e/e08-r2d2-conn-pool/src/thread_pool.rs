//! Minimal stand-in for `scheduled_thread_pool`: one thread per job.

use std::thread;
use std::time::Duration;

#[derive(Debug, Default)]
pub struct ScheduledThreadPool;

impl ScheduledThreadPool {
    pub fn new() -> Self {
        ScheduledThreadPool
    }

    pub fn execute_after<F>(&self, delay: Duration, job: F)
    where
        F: FnOnce() + Send + 'static,
    {
        thread::spawn(move || {
            thread::sleep(delay);
            job();
        });
    }

    pub fn execute_at_fixed_rate<F>(&self, initial_delay: Duration, rate: Duration, job: F)
    where
        F: Fn() -> bool + Send + 'static,
    {
        thread::spawn(move || {
            thread::sleep(initial_delay);
            while job() {
                thread::sleep(rate);
            }
        });
    }
}
