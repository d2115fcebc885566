//! Agentic while loop: provider + tools + usage limits.

pub mod config;
pub mod loop_impl;
pub mod usage;

pub use config::LoopConfig;
pub use loop_impl::{AgentLoop, AgentResult, LoopError};
pub use usage::{RunUsage, UsageLimits};

#[derive(Debug, Clone, PartialEq)]
pub enum ContentBlock {
    Text(String),
    ToolUse { id: String, name: String, input: String },
    ToolResult { tool_use_id: String, content: String, is_error: bool },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub role: &'static str,
    pub content: Vec<ContentBlock>,
}

#[derive(Debug, Clone, Copy, Default)]
pub struct TokenUsage {
    pub input_tokens: u64,
    pub output_tokens: u64,
}

#[derive(Debug, Clone)]
pub struct CompletionResponse {
    pub message: Message,
    pub usage: TokenUsage,
}

pub trait Provider {
    fn complete(&self, system: &str, messages: &[Message]) -> Result<CompletionResponse, String>;
}

pub trait Tool {
    fn name(&self) -> &str;
    fn call(&self, input: &str) -> Result<String, String>;
}
