use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use crate::{Request, Service};

/// Statistics a worker exposes to the monitor.
#[derive(Debug, Clone, Default)]
pub struct WorkerContext {
    pub name: String,
    running: Arc<AtomicUsize>,
    completed: Arc<AtomicUsize>,
    failed: Arc<AtomicUsize>,
}

impl WorkerContext {
    pub fn task_count(&self) -> usize {
        self.running.load(Ordering::Relaxed)
    }

    pub fn completed(&self) -> usize {
        self.completed.load(Ordering::Relaxed)
    }

    pub fn failed(&self) -> usize {
        self.failed.load(Ordering::Relaxed)
    }
}

pub struct Worker<S> {
    pub ctx: WorkerContext,
    service: S,
}

impl<S> Worker<S> {
    pub fn new(name: &str, service: S) -> Self {
        Worker { ctx: WorkerContext { name: name.to_string(), ..Default::default() }, service }
    }

    /// Drains the queue, running each task through the (retrying) service.
    pub fn run<T>(&mut self, queue: &mut VecDeque<Request<T>>)
    where
        S: Service<Request<T>>,
        S::Error: std::fmt::Debug,
    {
        while let Some(req) = queue.pop_front() {
            let id = req.parts.task_id;
            self.ctx.running.fetch_add(1, Ordering::Relaxed);
            let res = self.service.call(req);
            self.ctx.running.fetch_sub(1, Ordering::Relaxed);
            match res {
                Ok(_) => {
                    self.ctx.completed.fetch_add(1, Ordering::Relaxed);
                }
                Err(e) => {
                    eprintln!("[{}] task {id} failed: {e:?}", self.ctx.name);
                    self.ctx.failed.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }
}
