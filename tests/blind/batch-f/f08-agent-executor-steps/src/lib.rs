//! LLM chain framework: an agent plans tool actions, the executor runs them
//! and feeds the observations back until the agent finishes.

pub mod executor;

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

pub type PromptArgs = HashMap<String, String>;

#[derive(Debug, Clone)]
pub struct AgentAction {
    pub tool: String,
    pub tool_input: String,
    pub log: String,
}

#[derive(Debug, Clone)]
pub struct AgentFinish {
    pub output: String,
}

pub enum AgentEvent {
    Action(Vec<AgentAction>),
    Finish(AgentFinish),
}

#[derive(Debug, Clone, Default)]
pub struct TokenUsage {
    pub prompt_tokens: u32,
    pub completion_tokens: u32,
    pub total_tokens: u32,
}

#[derive(Debug, Clone, Default)]
pub struct GenerateResult {
    pub tokens: Option<TokenUsage>,
    pub generation: String,
}

#[derive(Debug)]
pub enum ChainError {
    AgentError(String),
    MissingInput(String),
}

impl fmt::Display for ChainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChainError::AgentError(e) => write!(f, "Error in agent: {e}"),
            ChainError::MissingInput(key) => write!(f, "Missing input variable: {key}"),
        }
    }
}

pub trait Tool: Send + Sync {
    fn name(&self) -> String;
    fn call(&self, input: &str) -> Result<String, String>;
}

pub trait Agent {
    fn plan(&self, intermediate_steps: &[(AgentAction, String)], inputs: PromptArgs) -> Result<AgentEvent, String>;
    fn get_tools(&self) -> Vec<Arc<dyn Tool>>;
}

pub trait Chain {
    fn call(&self, input_variables: PromptArgs) -> Result<GenerateResult, ChainError>;

    fn invoke(&self, input_variables: PromptArgs) -> Result<String, ChainError> {
        self.call(input_variables).map(|result| result.generation)
    }
}

pub trait BaseMemory: Send + Sync {
    fn messages(&self) -> Vec<String>;
    fn add_user_message(&mut self, message: &str);
    fn add_ai_message(&mut self, message: &str);
    fn add_tool_message(&mut self, observation: &str, tool: &str);
}

#[derive(Debug, Default, Clone)]
pub struct SimpleMemory {
    messages: Vec<String>,
}

impl SimpleMemory {
    pub fn new() -> Self {
        Self::default()
    }
}

impl BaseMemory for SimpleMemory {
    fn messages(&self) -> Vec<String> {
        self.messages.clone()
    }
    fn add_user_message(&mut self, message: &str) {
        self.messages.push(format!("human: {message}"));
    }
    fn add_ai_message(&mut self, message: &str) {
        self.messages.push(format!("ai: {message}"));
    }
    fn add_tool_message(&mut self, observation: &str, tool: &str) {
        self.messages.push(format!("tool[{tool}]: {observation}"));
    }
}
