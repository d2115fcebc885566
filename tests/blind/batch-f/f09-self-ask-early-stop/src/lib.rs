//! LLM chaining library: executors, token accounting and a self-ask-with-search agent.

pub mod self_ask_with_search;
pub mod tokens;

use tokens::{PromptTokensError, TokenCount};

/// Per-invocation options (model, temperature, ...).
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub model: Option<String>,
    pub temperature: Option<f32>,
}

impl Options {
    pub fn empty() -> Self {
        Self::default()
    }
}

/// A model executor.
pub trait Executor {
    fn execute(&self, options: &Options, prompt: &str) -> Result<String, String>;

    /// Calculates the number of tokens used by the prompt, together with the allowance.
    fn tokens_used(&self, options: &Options, prompt: &str) -> Result<TokenCount, PromptTokensError>;

    /// Returns the maximum number of input tokens allowed by the model used.
    fn max_tokens_allowed(&self, options: &Options) -> i32;
}

/// A tool with typed input and output.
pub trait Tool {
    type Input;
    type Output;
    type Error;

    fn invoke_typed(&self, input: &Self::Input) -> Result<Self::Output, Self::Error>;
}
