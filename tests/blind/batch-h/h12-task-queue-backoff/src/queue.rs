use std::cell::RefCell;
use std::collections::VecDeque;

use crate::{FangError, FangTaskState};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Task {
    pub id: u64,
    pub task_type: String,
    pub state: FangTaskState,
    pub error_message: Option<String>,
    pub retries: i32,
    pub scheduled_in_secs: u32,
}

pub trait Queueable {
    fn fetch_and_touch_task(&self, task_type: String) -> Result<Option<Task>, FangError>;
    fn update_task_state(&self, task: &Task, state: FangTaskState) -> Result<Task, FangError>;
    fn fail_task(&self, task: &Task, error: &str) -> Result<Task, FangError>;
    fn remove_task(&self, id: &u64) -> Result<usize, FangError>;
    fn schedule_retry(&self, task: &Task, backoff_seconds: u32, error: &str) -> Result<Task, FangError>;
}

/// In-memory stand-in for the SQL-backed queue.
#[derive(Default)]
pub struct MemoryQueue {
    pub tasks: RefCell<VecDeque<Task>>,
    pub done: RefCell<Vec<Task>>,
}

impl Queueable for MemoryQueue {
    fn fetch_and_touch_task(&self, task_type: String) -> Result<Option<Task>, FangError> {
        let mut tasks = self.tasks.borrow_mut();
        let pos = tasks.iter().position(|t| t.task_type == task_type);
        Ok(pos.and_then(|p| tasks.remove(p)).map(|mut t| {
            t.state = FangTaskState::InProgress;
            t
        }))
    }

    fn update_task_state(&self, task: &Task, state: FangTaskState) -> Result<Task, FangError> {
        let mut t = task.clone();
        t.state = state;
        self.done.borrow_mut().push(t.clone());
        Ok(t)
    }

    fn fail_task(&self, task: &Task, error: &str) -> Result<Task, FangError> {
        let mut t = task.clone();
        t.state = FangTaskState::Failed;
        t.error_message = Some(error.to_string());
        self.done.borrow_mut().push(t.clone());
        Ok(t)
    }

    fn remove_task(&self, id: &u64) -> Result<usize, FangError> {
        let mut tasks = self.tasks.borrow_mut();
        let before = tasks.len();
        tasks.retain(|t| t.id != *id);
        Ok(before - tasks.len())
    }

    fn schedule_retry(&self, task: &Task, backoff_seconds: u32, error: &str) -> Result<Task, FangError> {
        let mut t = task.clone();
        t.retries += 1;
        t.state = FangTaskState::Retried;
        t.error_message = Some(error.to_string());
        t.scheduled_in_secs = backoff_seconds;
        self.tasks.borrow_mut().push_back(t.clone());
        Ok(t)
    }
}
