//! A standard retry policy that combines many of the `retry` module's utilities
//! together in a production-ready retry policy.

use std::{marker::PhantomData, sync::Arc, time::Duration};

use crate::backoff::{Backoff, ExponentialBackoffMaker, MakeBackoff};
use crate::budget::{Budget, TpsBudget};
use crate::Policy;

/// A trait to determine if the request associated with the response should be
/// retried by [`StandardRetryPolicy`].
pub trait IsRetryable<Res, E>: Send + Sync + 'static {
    fn is_retryable(&self, response: &mut Result<Res, E>) -> bool;
}

/// A trait to clone a request for the [`StandardRetryPolicy`].
pub trait CloneRequest<Req>: Send + Sync + 'static {
    fn clone_request(&self, request: &Req) -> Option<Req>;
}

impl<Res, E, F> IsRetryable<Res, E> for F
where
    F: Fn(&mut Result<Res, E>) -> bool + Send + Sync + 'static,
{
    fn is_retryable(&self, response: &mut Result<Res, E>) -> bool {
        (self)(response)
    }
}

impl<Req, F> CloneRequest<Req> for F
where
    F: Fn(&Req) -> Option<Req> + Send + Sync + 'static,
{
    fn clone_request(&self, request: &Req) -> Option<Req> {
        (self)(request)
    }
}

/// A standard retry [`Policy`] that combines a retry budget and a backoff
/// mechanism to produce a safe retry policy that prevents congestive collapse
/// and retry storms.
pub struct StandardRetryPolicy<Req, Res, E, B = ExponentialBackoffMaker>
where
    B: MakeBackoff,
{
    is_retryable: Arc<dyn IsRetryable<Res, E>>,
    clone_request: Arc<dyn CloneRequest<Req>>,
    budget: Arc<TpsBudget>,
    make_backoff: B,
    current_backoff: B::Backoff,
    _pd: PhantomData<fn(Req, Res, E)>,
}

/// Builder for [`StandardRetryPolicy`].
pub struct StandardRetryPolicyBuilder<Req, Res, E, B = ExponentialBackoffMaker> {
    is_retryable: Arc<dyn IsRetryable<Res, E>>,
    clone_request: Arc<dyn CloneRequest<Req>>,
    make_backoff: B,
    budget: Arc<TpsBudget>,
}

impl<Req, Res, E, B: MakeBackoff> StandardRetryPolicyBuilder<Req, Res, E, B> {
    /// Sets the retry decision maker.
    pub fn should_retry(mut self, f: impl IsRetryable<Res, E> + 'static) -> Self {
        self.is_retryable = Arc::new(f);
        self
    }

    /// Sets the clone request handler.
    pub fn clone_request(mut self, f: impl CloneRequest<Req> + 'static) -> Self {
        self.clone_request = Arc::new(f);
        self
    }

    /// Sets the backoff maker.
    pub fn make_backoff<B2>(self, backoff: B2) -> StandardRetryPolicyBuilder<Req, Res, E, B2> {
        StandardRetryPolicyBuilder {
            make_backoff: backoff,
            is_retryable: self.is_retryable,
            clone_request: self.clone_request,
            budget: self.budget,
        }
    }

    /// Sets the budget.
    pub fn budget(mut self, budget: impl Into<Arc<TpsBudget>>) -> Self {
        self.budget = budget.into();
        self
    }

    /// Consume this builder and produce a [`StandardRetryPolicy`] with this
    /// builders configured settings.
    pub fn build(mut self) -> StandardRetryPolicy<Req, Res, E, B> {
        let current_backoff = self.make_backoff.make_backoff();

        StandardRetryPolicy {
            is_retryable: self.is_retryable,
            clone_request: self.clone_request,
            make_backoff: self.make_backoff,
            current_backoff,
            budget: self.budget,
            _pd: PhantomData,
        }
    }
}

impl<Req, Res, E> StandardRetryPolicy<Req, Res, E, ExponentialBackoffMaker> {
    /// Create a [`StandardRetryPolicyBuilder`].
    pub fn builder() -> StandardRetryPolicyBuilder<Req, Res, E> {
        StandardRetryPolicyBuilder {
            is_retryable: Arc::new(|_: &mut Result<Res, E>| false),
            clone_request: Arc::new(|_: &Req| None),
            make_backoff: ExponentialBackoffMaker::default(),
            budget: Arc::new(TpsBudget::default()),
        }
    }
}

impl<Req, Res, E, B> Policy<Req, Res, E> for StandardRetryPolicy<Req, Res, E, B>
where
    B: MakeBackoff,
    Req: 'static,
    Res: 'static,
    E: 'static,
{
    fn retry(&mut self, _req: &mut Req, result: &mut Result<Res, E>) -> Option<Duration> {
        let can_retry = self.is_retryable.is_retryable(result);

        if !can_retry {
            self.budget.deposit();
            return None;
        }

        let can_withdraw = self.budget.withdraw();

        if !can_withdraw {
            return None;
        }

        Some(self.current_backoff.next_backoff())
    }

    fn clone_request(&mut self, req: &Req) -> Option<Req> {
        self.clone_request.clone_request(req)
    }
}


impl<Req, Res, E, B> Clone for StandardRetryPolicy<Req, Res, E, B>
where
    B: MakeBackoff + Clone,
{
    fn clone(&self) -> Self {
        let mut make_backoff = self.make_backoff.clone();
        let current_backoff = make_backoff.make_backoff();
        Self {
            is_retryable: self.is_retryable.clone(),
            clone_request: self.clone_request.clone(),
            budget: self.budget.clone(),
            make_backoff,
            current_backoff,
            _pd: PhantomData,
        }
    }
}
