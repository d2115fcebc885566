use std::collections::HashMap;
use std::thread;

use crate::queue::{Queueable, Task};
use crate::runnable::{Runnable, COMMON_TYPE};
use crate::{FangError, FangTaskState, RetentionMode, SleepParams};

/// A executioner of tasks, it executes tasks only of one given task_type, it sleeps when they are
/// not tasks to be executed.
pub struct Worker<'r, BQueue: Queueable> {
    pub queue: BQueue,
    pub task_type: String,
    pub sleep_params: SleepParams,
    pub retention_mode: RetentionMode,
    /// Task implementations by task type (stands in for typetag deserialization).
    pub registry: HashMap<String, &'r dyn Runnable>,
}

impl<'r, BQueue: Queueable> Worker<'r, BQueue> {
    pub fn builder(queue: BQueue) -> Self {
        Worker {
            queue,
            task_type: COMMON_TYPE.to_string(),
            sleep_params: SleepParams::default(),
            retention_mode: RetentionMode::default(),
            registry: HashMap::new(),
        }
    }

    pub fn run(&self, task: &Task) -> Result<(), FangError> {
        let runnable = *self.registry.get(&task.task_type).ok_or_else(|| FangError {
            description: format!("unknown task type {}", task.task_type),
        })?;
        let result = runnable.run(&self.queue);

        match result {
            Ok(_) => self.finalize_task(task, &result)?,
            Err(ref error) => {
                if task.retries < runnable.max_retries() {
                    let backoff_seconds = runnable.backoff(task.retries as u32);

                    self.queue.schedule_retry(task, backoff_seconds, &error.description)?;
                } else {
                    self.finalize_task(task, &result)?;
                }
            }
        }

        Ok(())
    }

    pub fn run_tasks(&mut self) -> Result<(), FangError> {
        loop {
            match self.queue.fetch_and_touch_task(self.task_type.clone()) {
                Ok(Some(task)) => {
                    self.maybe_reset_sleep_period();
                    self.run(&task)?;
                }
                Ok(None) => {
                    self.sleep();
                }
                Err(error) => {
                    eprintln!("Failed to fetch a task {:?}", error);
                    self.sleep();
                }
            };
        }
    }

    pub fn maybe_reset_sleep_period(&mut self) {
        self.sleep_params.maybe_reset_sleep_period();
    }

    fn sleep(&mut self) {
        self.sleep_params.maybe_increase_sleep_period();
        thread::sleep(self.sleep_params.sleep_period);
    }

    fn finalize_task(&self, task: &Task, result: &Result<(), FangError>) -> Result<(), FangError> {
        match self.retention_mode {
            RetentionMode::KeepAll => {
                match result {
                    Ok(_) => self.queue.update_task_state(task, FangTaskState::Finished)?,
                    Err(error) => self.queue.fail_task(task, &error.description)?,
                };
            }
            RetentionMode::RemoveAll => {
                self.queue.remove_task(&task.id)?;
            }
            RetentionMode::RemoveFinished => match result {
                Ok(_) => {
                    self.queue.remove_task(&task.id)?;
                }
                Err(error) => {
                    self.queue.fail_task(task, &error.description)?;
                }
            },
        }
        Ok(())
    }
}
