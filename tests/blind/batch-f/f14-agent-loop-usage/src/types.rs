use std::collections::HashMap;
use std::fmt;

/// Token usage reported by a provider, and accumulated across turns by the loop.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TokenUsage {
    pub input_tokens: usize,
    pub output_tokens: usize, //@ BL002
    pub cache_read_tokens: Option<usize>,
    pub cache_creation_tokens: Option<usize>,
    pub reasoning_tokens: Option<usize>,
}

/// Resource usage limits for the agentic loop.
///
/// Controls how many requests, tool calls, and tokens the loop may consume
/// before terminating with `LoopError::UsageLimitExceeded`.
/// All limits are optional — only set limits are enforced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UsageLimits {
    /// Maximum number of LLM requests (provider calls) allowed.
    pub request_limit: Option<usize>,
    /// Maximum number of tool calls allowed across all turns.
    pub tool_calls_limit: Option<usize>,
    /// Maximum input tokens allowed across all turns.
    pub input_tokens_limit: Option<usize>,
    /// Maximum output tokens allowed across all turns.
    pub output_tokens_limit: Option<usize>,
    /// Maximum total tokens (input + output) allowed across all turns.
    pub total_tokens_limit: Option<usize>,
}

impl UsageLimits {
    pub fn with_output_tokens_limit(mut self, limit: usize) -> Self {
        self.output_tokens_limit = Some(limit);
        self
    }
    pub fn with_total_tokens_limit(mut self, limit: usize) -> Self {
        self.total_tokens_limit = Some(limit);
        self
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    User,
    Assistant,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ContentBlock {
    Text(String),
    ToolUse { id: String, name: String, input: String },
    ToolResult { tool_use_id: String, content: String, is_error: bool },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub role: Role,
    pub content: Vec<ContentBlock>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    EndTurn,
    ToolUse,
    MaxTokens,
    Compaction,
}

#[derive(Debug, Clone, Default)]
pub struct CompletionRequest {
    pub system: Option<String>,
    pub messages: Vec<Message>,
    pub tools: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct CompletionResponse {
    pub message: Message,
    pub usage: TokenUsage,
    pub stop_reason: StopReason,
}

#[derive(Debug)]
pub enum LoopError {
    MaxTurns(usize),
    UsageLimitExceeded(String),
    Provider(String),
    Tool(String),
    HookTerminated(String),
    Cancelled,
}

impl fmt::Display for LoopError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopError::MaxTurns(max) => write!(f, "max turns reached ({max})"),
            LoopError::UsageLimitExceeded(msg) => write!(f, "usage limit exceeded: {msg}"),
            other => write!(f, "{other:?}"),
        }
    }
}

pub trait Provider {
    fn complete(&self, request: CompletionRequest) -> Result<CompletionResponse, LoopError>;
}

/// Compaction strategy for the conversation.
pub trait ContextStrategy {
    fn token_estimate(&self, messages: &[Message]) -> usize;
    fn should_compact(&self, messages: &[Message], token_count: usize) -> bool;
    fn compact(&self, messages: Vec<Message>) -> Result<Vec<Message>, LoopError>;
}

pub type ToolFn = Box<dyn Fn(&str) -> Result<String, String>>;

#[derive(Default)]
pub struct ToolRegistry {
    tools: HashMap<String, ToolFn>,
}

impl ToolRegistry {
    pub fn register(&mut self, name: &str, tool: ToolFn) {
        self.tools.insert(name.to_string(), tool);
    }
    pub fn definitions(&self) -> Vec<String> {
        self.tools.keys().cloned().collect()
    }
    pub fn execute(&self, name: &str, input: &str) -> Result<String, LoopError> {
        let tool = self.tools.get(name).ok_or_else(|| LoopError::Tool(format!("unknown tool {name}")))?;
        tool(input).map_err(LoopError::Tool)
    }
}
