//! Core Agent struct and builder.

use crate::config::{AgentConfig, UsageSnapshot, UsageStats};
use crate::{AgentError, AgentResult};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Options sent to the LLM provider with each completion request.
#[derive(Debug, Clone)]
pub struct CompletionOptions {
    pub max_tokens: u16,
    pub json_mode: bool,
}

pub struct CompletionResponse {
    pub content: String,
    pub prompt_tokens: u32,
    pub completion_tokens: u32,
}

pub trait LLMProvider: Send + Sync {
    fn complete(&self, prompt: &str, options: &CompletionOptions, client: &HttpClient) -> CompletionResponse;
}

/// Stand-in for `reqwest::Client`; the timeout is enforced by the client.
#[derive(Debug, Clone)]
pub struct HttpClient {
    pub timeout: Option<Duration>,
}

impl HttpClient {
    pub fn get(&self, url: &str) -> String {
        format!("<html><body>{url}</body></html>")
    }
}

/// Browser context for Chrome automation.
pub struct BrowserContext {
    pub current_url: Mutex<String>,
}

/// Limits concurrent LLM calls (tokio `Semaphore` stand-in).
pub struct Semaphore(Mutex<usize>);

impl Semaphore {
    pub fn new(permits: usize) -> Self {
        Self(Mutex::new(permits))
    }

    pub fn try_acquire(&self) -> bool {
        let mut permits = self.0.lock().unwrap();
        *permits > 0 && { *permits -= 1; true }
    }

    pub fn release(&self) {
        *self.0.lock().unwrap() += 1;
    }
}

/// Multimodal agent for web automation and research. Designed to be wrapped in `Arc`.
pub struct Agent {
    llm: Option<Box<dyn LLMProvider>>,
    client: HttpClient,
    browser: Option<BrowserContext>,
    llm_semaphore: Arc<Semaphore>,
    config: AgentConfig,
    /// Usage statistics (atomic counters for lock-free updates).
    usage: Arc<UsageStats>,
}

impl Agent {
    pub fn new(config: AgentConfig, llm: Option<Box<dyn LLMProvider>>, with_browser: bool) -> Self {
        let timeout = if config.timeout != Duration::MAX { Some(config.timeout) } else { None };
        Self {
            llm,
            client: HttpClient { timeout },
            browser: with_browser.then(|| BrowserContext { current_url: Mutex::new(String::new()) }),
            llm_semaphore: Arc::new(Semaphore::new(config.max_concurrent_llm_calls)),
            config,
            usage: Arc::new(UsageStats::default()),
        }
    }

    /// Send a completion request.
    pub fn complete(&self, prompt: &str) -> AgentResult<CompletionResponse> {
        if let Some(limit) = self.usage.check_llm_limit(&self.config.limits) {
            return Err(AgentError::LimitExceeded(limit));
        }
        if let Some(limit) = self.usage.check_token_limits(&self.config.limits) {
            return Err(AgentError::LimitExceeded(limit));
        }
        let llm = self.llm.as_ref().ok_or(AgentError::NotConfigured("LLM provider"))?;
        while !self.llm_semaphore.try_acquire() {
            std::thread::yield_now();
        }
        let options = CompletionOptions { max_tokens: self.config.max_tokens, json_mode: true };

        self.usage.increment_llm_calls();
        let response = llm.complete(prompt, &options, &self.client);
        self.llm_semaphore.release();
        self.usage.add_tokens(response.prompt_tokens as u64, response.completion_tokens as u64);
        Ok(response)
    }

    /// Execute a registered custom tool by name.
    pub fn execute_custom_tool(&self, name: &str, body: Option<&str>) -> AgentResult<String> {
        if let Some(limit) = self.usage.check_custom_tool_limit(&self.config.limits) {
            return Err(AgentError::LimitExceeded(limit));
        }
        self.usage.increment_custom_tool_calls(name);
        Ok(self.client.get(&format!("tool://{name}/{}", body.unwrap_or_default())))
    }

    /// Navigate to a URL using the browser.
    pub fn navigate(&self, url: &str) -> AgentResult<()> {
        if let Some(limit) = self.usage.check_webbrowser_limit(&self.config.limits) {
            return Err(AgentError::LimitExceeded(limit));
        }
        let browser = self.browser.as_ref().ok_or(AgentError::NotConfigured("browser"))?;
        self.usage.increment_webbrowser_calls();
        let mut current = browser.current_url.lock().map_err(|e| AgentError::Browser(e.to_string()))?;
        *current = url.to_string();
        Ok(())
    }

    /// Get HTML from the current browser page.
    pub fn browser_html(&self) -> AgentResult<String> {
        if let Some(limit) = self.usage.check_webbrowser_limit(&self.config.limits) {
            return Err(AgentError::LimitExceeded(limit));
        }
        let browser = self.browser.as_ref().ok_or(AgentError::NotConfigured("browser"))?;
        self.usage.increment_webbrowser_calls();
        let current = browser.current_url.lock().map_err(|e| AgentError::Browser(e.to_string()))?;
        let html = self.client.get(&current);
        Ok(self.truncate_html(&html).to_string())
    }

    /// Truncate HTML to max bytes before it is sent to the LLM.
    pub fn truncate_html<'a>(&self, html: &'a str) -> &'a str {
        if html.len() <= self.config.html_max_bytes {
            html
        } else {
            let truncated = &html[..self.config.html_max_bytes];
            // Try to break at a tag boundary
            match truncated.rfind('<') {
                Some(pos) => &truncated[..pos],
                None => truncated,
            }
        }
    }

    /// Get a snapshot of usage statistics.
    pub fn usage(&self) -> UsageSnapshot {
        self.usage.snapshot()
    }

    pub fn reset_usage(&self) {
        self.usage.reset();
    }
}
