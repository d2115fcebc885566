//! A small client for an OpenAI-compatible chat completions endpoint.

pub mod request;
pub mod usage;

use std::time::Duration;

pub use request::{ChatRequest, ChatRequestBuilder, Message};
pub use usage::UsageTotals;

/// What the HTTP layer hands back for one completion.
#[derive(Debug, Clone)]
pub struct RawCompletion {
    pub content: String,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    pub finish_reason: String,
}

/// The HTTP layer; production uses a reqwest-backed implementation.
pub trait Transport {
    fn post_json(&self, path: &str, body: &str, timeout: Duration) -> Result<RawCompletion, String>;
}

#[derive(Debug, Clone)]
pub struct ClientOptions {
    pub api_base: String,
    pub timeout: Duration,
}

impl Default for ClientOptions {
    fn default() -> Self {
        Self {
            api_base: "https://api.openai.com/v1".to_string(),
            timeout: Duration::from_secs(600),
        }
    }
}

pub struct Client<T: Transport> {
    transport: T,
    options: ClientOptions,
    usage: UsageTotals,
}

impl<T: Transport> Client<T> {
    pub fn new(transport: T, options: ClientOptions) -> Self {
        Self {
            transport,
            options,
            usage: UsageTotals::default(),
        }
    }

    /// Sends the request; the provider stops generating at `max_tokens`.
    pub fn create(&mut self, request: &ChatRequest) -> Result<RawCompletion, String> {
        let path = format!("{}/chat/completions", self.options.api_base);
        let body = request.to_json();
        let completion = self.transport.post_json(&path, &body, self.options.timeout)?;
        self.usage.record(&completion);
        Ok(completion)
    }

    pub fn usage(&self) -> &UsageTotals {
        &self.usage
    }
}
