//! Runs an agent task step by step under a wall-clock deadline.

use std::time::{Duration, Instant};

/// A task as submitted through the API.
#[derive(Debug, Clone)]
pub struct TaskSpec {
    pub goal: String,
    /// Total wall time the task may take; `None` means no deadline.
    pub deadline: Option<Duration>,
    /// Longest a single step (one model call plus its tools) may run.
    pub step_timeout: Duration,
}

impl TaskSpec {
    pub fn new(goal: impl Into<String>) -> Self {
        Self {
            goal: goal.into(),
            deadline: None,
            step_timeout: Duration::from_secs(120),
        }
    }

    pub fn with_deadline(mut self, deadline: Duration) -> Self {
        self.deadline = Some(deadline);
        self
    }
}

pub enum StepOutcome {
    Progress(String),
    Done(String),
}

/// Executes one step; implementations abort their own work after `allowance`.
pub trait StepExecutor {
    fn step(&mut self, goal: &str, allowance: Duration) -> Result<StepOutcome, String>;
}

#[derive(Debug, PartialEq)]
pub enum TaskResult {
    Completed { answer: String, steps: u32 },
    TimedOut { steps: u32, notes: Vec<String> },
    Failed(String),
}

pub fn run_task(spec: &TaskSpec, executor: &mut dyn StepExecutor) -> TaskResult {
    let started = Instant::now();
    let deadline_at = spec.deadline.map(|d| started + d);
    let mut notes = Vec::new();
    let mut steps = 0u32;

    loop {
        let allowance = match deadline_at {
            Some(at) => {
                let left = at.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return TaskResult::TimedOut { steps, notes };
                }
                left.min(spec.step_timeout)
            }
            None => spec.step_timeout,
        };

        steps += 1;
        match executor.step(&spec.goal, allowance) {
            Ok(StepOutcome::Progress(note)) => notes.push(note),
            Ok(StepOutcome::Done(answer)) => return TaskResult::Completed { answer, steps },
            Err(err) if err == "timeout" => {
                if deadline_at.is_some_and(|at| Instant::now() >= at) {
                    return TaskResult::TimedOut { steps, notes };
                }
                notes.push(format!("step {steps} timed out after {allowance:?}"));
            }
            Err(err) => return TaskResult::Failed(err),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Slow;

    impl StepExecutor for Slow {
        fn step(&mut self, _: &str, allowance: Duration) -> Result<StepOutcome, String> {
            std::thread::sleep(allowance.min(Duration::from_millis(5)));
            Ok(StepOutcome::Progress("thinking".into()))
        }
    }

    #[test]
    fn deadline_ends_the_task() {
        let spec = TaskSpec::new("refactor").with_deadline(Duration::from_millis(20));
        let result = run_task(&spec, &mut Slow);
        assert!(matches!(result, TaskResult::TimedOut { .. }));
    }
}
