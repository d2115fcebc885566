//! Multimodal web agent: LLM, search, fetch, custom tools and a browser,
//! every kind of call metered against optional usage limits.

pub mod agent;
pub mod config;

pub use agent::Agent;
pub use config::{AgentConfig, LimitType, UsageLimits, UsageSnapshot, UsageStats};

#[derive(Debug)]
pub enum AgentError {
    LimitExceeded(LimitType),
    NotConfigured(&'static str),
    Browser(String),
}

impl std::fmt::Display for AgentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::LimitExceeded(limit) => write!(f, "usage limit exceeded: {limit}"),
            Self::NotConfigured(what) => write!(f, "{what} is not configured"),
            Self::Browser(e) => write!(f, "browser error: {e}"),
        }
    }
}

pub type AgentResult<T> = Result<T, AgentError>;
