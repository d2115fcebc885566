pub mod compaction_hook;
pub mod context_mgmt;
pub mod hooks;

#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub role: &'static str,
    pub text: String,
    pub agent_visible: bool,
}

impl Message {
    pub fn assistant(text: impl Into<String>) -> Self {
        Self { role: "assistant", text: text.into(), agent_visible: true }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Conversation(pub Vec<Message>);

#[derive(Debug, Clone, PartialEq)]
pub enum ProviderError {
    ContextLengthExceeded(String),
    RateLimitExceeded(String),
    ServerError(String),
}

#[derive(Debug, Clone, Default)]
pub struct ProviderUsage {
    pub input_tokens: Option<i32>,
    pub output_tokens: Option<i32>,
    pub total_tokens: Option<i32>,
}

pub trait Provider: Send + Sync {
    fn context_limit(&self) -> usize;
    fn manages_own_context(&self) -> bool { false }
    fn summarize(&self, conversation: &Conversation) -> Result<(String, ProviderUsage), String>;
}
