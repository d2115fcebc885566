//! Agentic while loop: composes a provider, tools and context management.

pub mod config;
pub mod loop_impl;
pub mod usage;

use std::fmt;

pub use config::{LoopConfig, UsageLimits};
pub use loop_impl::{AgentLoop, AgentResult, SavedRun};
pub use usage::UsageCounters;

#[derive(Debug, Clone, PartialEq)]
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

#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TokenUsage {
    pub input_tokens: u64,
    pub output_tokens: u64,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StopReason {
    EndTurn,
    ToolUse,
    MaxTokens,
}

#[derive(Debug, Clone)]
pub struct CompletionRequest {
    pub system: String,
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
}

impl fmt::Display for LoopError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopError::MaxTurns(n) => write!(f, "max turns reached ({n})"),
            LoopError::UsageLimitExceeded(s) => write!(f, "usage limit exceeded: {s}"),
            LoopError::Provider(s) => write!(f, "provider error: {s}"),
            LoopError::Tool(s) => write!(f, "tool error: {s}"),
        }
    }
}

impl std::error::Error for LoopError {}

/// An LLM backend.
pub trait Provider {
    fn complete(&self, request: CompletionRequest) -> Result<CompletionResponse, String>;
}

/// A callable tool.
pub trait Tool {
    fn name(&self) -> &str;
    fn call(&self, input: &str) -> Result<String, String>;
}
