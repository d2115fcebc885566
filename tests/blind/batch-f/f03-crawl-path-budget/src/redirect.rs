//! Stand-in for `reqwest::redirect`.
use std::sync::Arc;

pub struct Attempt<'a> {
    pub status: u16,
    pub url: &'a str,
    pub previous: &'a [String],
}

#[derive(Debug, PartialEq, Eq)]
pub enum Action {
    Follow,
    Stop,
    Error(&'static str),
}

impl Attempt<'_> {
    pub fn previous(&self) -> &[String] { self.previous }
    pub fn follow(self) -> Action { Action::Follow }
    pub fn stop(self) -> Action { Action::Stop }
    pub fn error(self, msg: &'static str) -> Action { Action::Error(msg) }
}

#[derive(Clone)]
pub struct Policy(Arc<dyn Fn(Attempt) -> Action + Send + Sync>);

impl Policy {
    pub fn custom(f: impl Fn(Attempt) -> Action + Send + Sync + 'static) -> Self {
        Self(Arc::new(f))
    }
    pub fn none() -> Self {
        Self::custom(|a| a.stop())
    }
    pub fn redirect(&self, attempt: Attempt) -> Action {
        (self.0)(attempt)
    }
}

/// Stand-in for `reqwest::ClientBuilder`: it owns the timeout and redirect policy.
#[derive(Clone, Default)]
pub struct ClientBuilder {
    timeout: Option<std::time::Duration>,
    redirect: Option<Policy>,
}

impl ClientBuilder {
    pub fn timeout(self, timeout: std::time::Duration) -> Self { Self { timeout: Some(timeout), ..self } }
    pub fn redirect(self, policy: Policy) -> Self { Self { redirect: Some(policy), ..self } }

    /// Pretend to fetch: the policy is asked about the hop of a redirecting url.
    pub fn fetch(&self, url: &str) -> bool {
        match &self.redirect {
            Some(policy) if url.contains("/redirect") => policy.redirect(Attempt { status: 302, url, previous: &[] }) == Action::Follow,
            _ => self.timeout.is_none_or(|t| !t.is_zero()),
        }
    }
}
