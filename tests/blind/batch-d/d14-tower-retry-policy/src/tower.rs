//! Minimal stand-in for `tower::retry`: the service keeps calling while the
//! policy hands back a future to wait on.
use std::time::Duration;

pub struct Sleep(pub Duration);

impl Sleep {
    pub fn wait(self) {
        std::thread::sleep(self.0);
    }
}

pub trait Policy<Req, Res, E> {
    type Future;

    fn retry(&mut self, req: &mut Req, result: &mut Result<Res, E>) -> Option<Self::Future>;

    fn clone_request(&mut self, req: &Req) -> Option<Req>;
}

pub struct Retry<P, S> {
    policy: P,
    service: S,
}

impl<P, S> Retry<P, S> {
    pub fn new(policy: P, service: S) -> Self {
        Self { policy, service }
    }
}

impl<P, S> Retry<P, S> {
    pub fn call<Req, Res, E>(&mut self, mut req: Req) -> Result<Res, E>
    where
        P: Policy<Req, Res, E, Future = Sleep>,
        S: FnMut(Req) -> Result<Res, E>,
    {
        loop {
            let Some(attempt) = self.policy.clone_request(&req) else {
                return (self.service)(req);
            };
            let mut result = (self.service)(attempt);
            match self.policy.retry(&mut req, &mut result) {
                Some(sleep) => sleep.wait(),
                None => return result,
            }
        }
    }
}
