use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crate::job::{Job, JobId};

#[derive(Debug, Clone)]
pub struct QueueConfig {
    /// Runs a job gets before it is moved to the dead-letter list.
    pub max_attempts: u32,
    /// How long a worker holds a job before another may take it.
    pub visibility_timeout: Duration,
}

impl Default for QueueConfig {
    fn default() -> Self {
        QueueConfig { max_attempts: 25, visibility_timeout: Duration::from_secs(300) }
    }
}

#[derive(Debug, PartialEq, Eq)]
pub enum RunOutcome {
    Done(JobId),
    Retrying(JobId),
    DeadLettered(JobId),
    Idle,
}

pub struct Queue {
    config: QueueConfig,
    ready: VecDeque<Job>,
    leased: Vec<Job>,
    dead: Vec<Job>,
    failures_total: u64,
}

impl Queue {
    pub fn new(config: QueueConfig) -> Self {
        Queue { config, ready: VecDeque::new(), leased: Vec::new(), dead: Vec::new(), failures_total: 0 }
    }

    pub fn push(&mut self, job: Job) {
        self.ready.push_back(job);
    }

    fn exhausted(&self, job: &Job) -> bool {
        job.attempts_made >= self.config.max_attempts
    }

    /// Takes the next job and runs `handler` on it.
    pub fn run_next<F>(&mut self, now: Instant, handler: F) -> RunOutcome
    where
        F: FnOnce(&Job) -> Result<(), String>,
    {
        self.requeue_expired(now);
        let Some(mut job) = self.ready.pop_front() else { return RunOutcome::Idle };
        if self.exhausted(&job) {
            let id = job.id;
            self.dead.push(job);
            return RunOutcome::DeadLettered(id);
        }
        job.leased_until = Some(now + self.config.visibility_timeout);
        match handler(&job) {
            Ok(()) => RunOutcome::Done(job.id),
            Err(e) => {
                self.failures_total += 1;
                let id = job.id;
                self.ready.push_back(Job { last_error: Some(e), leased_until: None, ..job });
                RunOutcome::Retrying(id)
            }
        }
    }

    /// Jobs whose lease ran out (their worker vanished) become ready again.
    fn requeue_expired(&mut self, now: Instant) {
        let mut i = 0;
        while i < self.leased.len() {
            if self.leased[i].leased_until.is_some_and(|t| t <= now) {
                let mut job = self.leased.swap_remove(i);
                job.leased_until = None;
                self.ready.push_back(job);
            } else {
                i += 1;
            }
        }
    }

    /// Hands a job to an external worker under a lease.
    pub fn lease(&mut self, now: Instant) -> Option<JobId> {
        let mut job = self.ready.pop_front()?;
        job.leased_until = Some(now + self.config.visibility_timeout);
        let id = job.id;
        self.leased.push(job);
        Some(id)
    }

    pub fn dead_letters(&self) -> &[Job] {
        &self.dead
    }

    pub fn failures_total(&self) -> u64 {
        self.failures_total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worn_out_job_goes_to_dead_letters() {
        let mut q = Queue::new(QueueConfig { max_attempts: 3, ..Default::default() });
        let mut job = Job::new(1, "email", vec![]);
        job.attempts_made = 3;
        q.push(job);
        assert_eq!(q.run_next(Instant::now(), |_| Ok(())), RunOutcome::DeadLettered(1));
        assert_eq!(q.dead_letters().len(), 1);
    }

    #[test]
    fn failing_job_is_retried() {
        let mut q = Queue::new(QueueConfig::default());
        q.push(Job::new(2, "sms", vec![]));
        assert_eq!(q.run_next(Instant::now(), |_| Err("gateway down".into())), RunOutcome::Retrying(2));
        assert_eq!(q.failures_total(), 1);
    }
}
