//! Background job worker: attempts shared between clones of a task, and the
//! retry layer that reads them.

pub mod attempt;
pub mod retry;
pub mod worker;

pub use attempt::Attempt;
pub use retry::{Policy, Retry, RetryLayer, RetryPolicy};
pub use worker::{Worker, WorkerContext};

/// Parts of a task that travel with it between backend and worker.
#[derive(Debug, Clone, Default)]
pub struct Parts {
    pub task_id: u64,
    pub attempt: Attempt,
    pub namespace: String,
}

#[derive(Debug, Clone)]
pub struct Request<T> {
    pub args: T,
    pub parts: Parts,
}

impl<T> Request<T> {
    pub fn new(args: T) -> Self {
        Request { args, parts: Parts::default() }
    }
}

/// A service handling one request (tower's `Service`, synchronous here).
pub trait Service<Req> {
    type Response;
    type Error;
    fn call(&mut self, req: Req) -> Result<Self::Response, Self::Error>;
}

impl<Req, Res, E, F: FnMut(Req) -> Result<Res, E>> Service<Req> for F {
    type Response = Res;
    type Error = E;
    fn call(&mut self, req: Req) -> Result<Res, E> {
        self(req)
    }
}
