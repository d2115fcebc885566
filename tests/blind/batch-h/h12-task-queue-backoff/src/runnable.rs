use crate::queue::Queueable;
use crate::FangError;

pub const COMMON_TYPE: &str = "common";

/// Implement this trait to run your custom tasks.
pub trait Runnable {
    /// Execute the task. This method should define its logic
    fn run(&self, queue: &dyn Queueable) -> Result<(), FangError>;

    /// Define the type of the task.
    fn task_type(&self) -> String {
        COMMON_TYPE.to_string()
    }

    /// The maximum number of retries the task can have.
    fn max_retries(&self) -> i32 {
        20
    }

    /// Define the backoff mode
    /// By default, it is exponential,  2^(attempt)
    fn backoff(&self, attempt: u32) -> u32 {
        u32::pow(2, attempt)
    }
}
