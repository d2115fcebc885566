use std::cmp::{max, min};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use crate::protocol::{Broker, Message};
use crate::task::{Task, TaskError, TaskOptions};

#[derive(Debug)]
pub enum TraceError {
    /// The message expired before it could run.
    ExpirationError,
    /// The task failed for good.
    TaskError(TaskError),
    /// The task should be sent back to the broker, to run at the given time.
    Retry(Option<SystemTime>),
}

/// Wraps the execution of a task, catching and logging errors and then running
/// the appropriate post-execution functions.
pub struct Tracer<T: Task> {
    task: Arc<T>,
    message: Message,
    options: TaskOptions,
}

impl<T: Task> Tracer<T> {
    pub fn new(task: Arc<T>, message: Message, app_options: &TaskOptions) -> Self {
        let mut options = task.defaults();
        options.update(app_options);
        Tracer { task, message, options }
    }

    fn time_limit(&self) -> Option<Duration> {
        let secs = match (self.options.time_limit, self.options.hard_time_limit) {
            (Some(soft), Some(hard)) => Some(min(soft, hard)),
            (soft, hard) => soft.or(hard),
        };
        secs.map(|s| Duration::from_secs(s.into()))
    }

    fn run_task(&self) -> Result<String, TaskError> {
        let Some(limit) = self.time_limit() else {
            return self.task.run(&self.message.raw_body);
        };
        let (tx, rx) = mpsc::channel();
        let task = self.task.clone();
        let body = self.message.raw_body.clone();
        std::thread::spawn(move || {
            let _ = tx.send(task.run(&body));
        });
        rx.recv_timeout(limit).unwrap_or(Err(TaskError::TimeoutError))
    }

    pub fn trace(&mut self) -> Result<String, TraceError> {
        let id = self.message.headers.id.clone();
        if self.message.is_expired() {
            warn!("Task {}[{}] expired, discarding", T::NAME, id);
            return Err(TraceError::ExpirationError);
        }

        info!("Task {}[{}] received", T::NAME, id);
        match self.run_task() {
            Ok(returned) => {
                info!("Task {}[{}] succeeded", T::NAME, id);
                Ok(returned)
            }
            Err(e) => {
                let should_retry = match &e {
                    TaskError::UnexpectedError(_) => self.options.retry_for_unexpected.unwrap_or(true),
                    TaskError::ExpectedError(_) | TaskError::TimeoutError | TaskError::Retry(_) => true,
                };
                if !should_retry {
                    error!("Task {}[{}] failed: {}", T::NAME, id, e);
                    return Err(TraceError::TaskError(e));
                }

                let retries = self.message.headers.retries.unwrap_or(0);
                match self.options.max_retries {
                    Some(max_retries) => info!(
                        "Task {}[{}] retrying ({} / {}): {}",
                        T::NAME,
                        id,
                        retries + 1,
                        max_retries,
                        e
                    ),
                    None => info!("Task {}[{}] retrying ({} / inf): {}", T::NAME, id, retries + 1, e),
                }

                let eta = match e {
                    TaskError::Retry(Some(countdown)) => {
                        Some(SystemTime::now() + Duration::from_secs(countdown.into()))
                    }
                    _ => self.retry_eta(),
                };
                Err(TraceError::Retry(eta))
            }
        }
    }

    /// Get a future ETA at which time the task should be retried. By default this
    /// uses a capped exponential backoff strategy.
    fn retry_eta(&self) -> Option<SystemTime> {
        let retries = self.message.headers.retries.unwrap_or(0);
        let max_retry_delay = self.options.max_retry_delay.unwrap_or(3600);
        let delay_secs = min(
            2u32.checked_pow(retries).unwrap_or(max_retry_delay),
            max_retry_delay,
        );
        let delay_secs = max(delay_secs, self.options.min_retry_delay.unwrap_or(0));
        let jitter_millis = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| d.subsec_millis() as u64)
            .unwrap_or(0);
        Some(SystemTime::now() + Duration::from_secs(delay_secs.into()) + Duration::from_millis(jitter_millis))
    }
}

/// Runs one message through its task and settles it with the broker.
pub fn handle_message<T: Task, B: Broker>(
    task: Arc<T>,
    message: Message,
    app_options: &TaskOptions,
    broker: &mut B,
) -> Result<String, TraceError> {
    let mut tracer = Tracer::new(task, message.clone(), app_options);
    let acks_late = tracer.options.acks_late.unwrap_or(false);
    if !acks_late {
        broker.ack(&message);
    }
    let result = tracer.trace();
    if let Err(TraceError::Retry(eta)) = &result {
        broker.retry(&message, *eta);
    }
    if acks_late {
        broker.ack(&message);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::MessageHeaders;

    struct Flaky;
    impl Task for Flaky {
        const NAME: &'static str = "flaky";
        fn defaults(&self) -> TaskOptions {
            TaskOptions { max_retries: Some(2), min_retry_delay: Some(0), max_retry_delay: Some(0), ..Default::default() }
        }
        fn run(&self, _body: &[u8]) -> Result<String, TaskError> {
            Err(TaskError::ExpectedError("connection reset".into()))
        }
    }

    #[derive(Default)]
    struct MemoryBroker {
        sent: Vec<Message>,
        acked: usize,
    }
    impl Broker for MemoryBroker {
        fn ack(&mut self, _message: &Message) {
            self.acked += 1;
        }
        fn send(&mut self, message: Message, _queue: &str) {
            self.sent.push(message);
        }
    }

    #[test]
    fn failure_is_republished_with_incremented_retries() {
        std::env::set_var("CELERY_QUIET", "1");
        let message = Message {
            headers: MessageHeaders { id: "1".into(), task: "flaky".into(), ..Default::default() },
            raw_body: vec![],
        };
        let mut broker = MemoryBroker::default();
        let res = handle_message(Arc::new(Flaky), message, &TaskOptions::default(), &mut broker);
        assert!(matches!(res, Err(TraceError::Retry(_))));
        assert_eq!(broker.sent[0].headers.retries, Some(1));
        assert_eq!(broker.acked, 1);
    }
}
