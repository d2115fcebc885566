//! Blocking background-task worker with per-task retries and an idle
//! sleep that backs off.

pub mod queue;
pub mod runnable;
pub mod worker;

pub use queue::{MemoryQueue, Queueable, Task};
pub use runnable::Runnable;
pub use worker::Worker;

use std::time::Duration;

#[derive(Debug, Clone)]
pub struct FangError {
    pub description: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FangTaskState {
    New,
    InProgress,
    Failed,
    Finished,
    Retried,
}

#[derive(Clone, Debug, Default)]
pub enum RetentionMode {
    KeepAll,
    #[default]
    RemoveAll,
    RemoveFinished,
}

#[derive(Clone, Debug)]
pub struct SleepParams {
    pub sleep_period: Duration,
    pub max_sleep_period: Duration,
    pub min_sleep_period: Duration,
    pub sleep_step: Duration,
}

impl SleepParams {
    pub fn maybe_reset_sleep_period(&mut self) {
        if self.sleep_period != self.min_sleep_period {
            self.sleep_period = self.min_sleep_period;
        }
    }

    pub fn maybe_increase_sleep_period(&mut self) {
        if self.sleep_period < self.max_sleep_period {
            self.sleep_period += self.sleep_step;
        }
    }
}

impl Default for SleepParams {
    fn default() -> Self {
        SleepParams {
            sleep_period: Duration::from_secs(5),
            max_sleep_period: Duration::from_secs(15),
            min_sleep_period: Duration::from_secs(5),
            sleep_step: Duration::from_secs(5),
        }
    }
}
