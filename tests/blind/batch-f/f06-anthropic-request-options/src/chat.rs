//! Chat request, options and usage types.

/// Chat Options that are considered for any `Client::exec...` calls.
/// A fallback `ChatOptions` can also be set at the `Client` during the client builder phase.
#[derive(Debug, Clone, Default)]
pub struct ChatOptions {
    /// Will be used for this request if the Adapter/provider supports it.
    pub temperature: Option<f64>,
    pub max_tokens: Option<u32>,
    pub top_p: Option<f64>,
    /// Specifies sequences used as end markers when generating text.
    pub stop_sequences: Vec<String>,
    /// (Default: false) Makes the response.usage be populated.
    pub capture_usage: Option<bool>,
}

impl ChatOptions {
    /// Sets the maximum number of output tokens.
    pub fn with_max_tokens(mut self, value: u32) -> Self {
        self.max_tokens = Some(value);
        self
    }
}

/// The chat level options take precedence over the client level ones.
#[derive(Default, Clone)]
pub struct ChatOptionsSet<'a, 'b> {
    client: Option<&'a ChatOptions>,
    chat: Option<&'b ChatOptions>,
}

impl<'a, 'b> ChatOptionsSet<'a, 'b> {
    pub fn with_client_options(mut self, options: Option<&'a ChatOptions>) -> Self {
        self.client = options;
        self
    }
    pub fn with_chat_options(mut self, options: Option<&'b ChatOptions>) -> Self {
        self.chat = options;
        self
    }
}

impl ChatOptionsSet<'_, '_> {
    pub fn temperature(&self) -> Option<f64> {
        self.chat.and_then(|chat| chat.temperature).or_else(|| self.client.and_then(|client| client.temperature))
    }

    pub fn max_tokens(&self) -> Option<u32> {
        self.chat.and_then(|chat| chat.max_tokens).or_else(|| self.client.and_then(|client| client.max_tokens))
    }

    pub fn top_p(&self) -> Option<f64> {
        self.chat.and_then(|chat| chat.top_p).or_else(|| self.client.and_then(|client| client.top_p))
    }

    pub fn stop_sequences(&self) -> &[String] {
        self.chat
            .map(|chat| chat.stop_sequences.as_slice())
            .or_else(|| self.client.map(|client| client.stop_sequences.as_slice()))
            .unwrap_or(&[])
    }

    pub fn capture_usage(&self) -> Option<bool> {
        self.chat.and_then(|chat| chat.capture_usage).or_else(|| self.client.and_then(|client| client.capture_usage))
    }
}

/// Configuration for the built-in web search tool.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WebSearchConfig {
    /// Maximum number of web fetches allowed per request.
    /// If not set, the model decides how many fetches to perform.
    pub max_uses: Option<u32>,
    /// Only URLs from these domains will be fetched.
    pub allowed_domains: Option<Vec<String>>,
    /// URLs from these domains will not be fetched.
    pub blocked_domains: Option<Vec<String>>,
}

impl WebSearchConfig {
    pub fn with_max_uses(mut self, max_uses: u32) -> Self {
        self.max_uses = Some(max_uses);
        self
    }
}

#[derive(Debug, Clone)]
pub enum ToolConfig {
    WebSearch(WebSearchConfig),
}

#[derive(Debug, Clone)]
pub enum ToolName {
    WebSearch,
    Custom(String),
}

#[derive(Debug, Clone)]
pub struct Tool {
    pub name: ToolName,
    pub description: Option<String>,
    pub config: Option<ToolConfig>,
}

#[derive(Debug, Clone, Default)]
pub struct ChatRequest {
    pub system: Option<String>,
    pub messages: Vec<String>,
    pub tools: Option<Vec<Tool>>,
}

/// Normalized usage, OpenAI style (prompt tokens include the cached ones).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Usage {
    pub prompt_tokens: Option<i32>,
    pub completion_tokens: Option<i32>,
    pub total_tokens: Option<i32>,
    pub cached_tokens: Option<i32>,
}
