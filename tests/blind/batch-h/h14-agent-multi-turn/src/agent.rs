use std::collections::HashMap;

use crate::completion::{CompletionModel, CompletionRequest, Message};
use crate::prompt_request::PromptRequest;

pub type ToolFn = Box<dyn Fn(&str) -> Result<String, String>>;

pub struct Agent<M: CompletionModel> {
    pub name: Option<String>,
    pub model: M,
    pub model_name: String,
    pub preamble: Option<String>,
    pub temperature: Option<f64>,
    pub max_tokens: Option<u64>,
    pub tools: HashMap<String, ToolFn>,
    /// Default multi-turn depth for `prompt`.
    pub default_max_depth: Option<usize>,
}

impl<M: CompletionModel> Agent<M> {
    pub fn name(&self) -> &str {
        self.name.as_deref().unwrap_or("Unnamed Agent")
    }

    /// Builds the provider request for one turn.
    pub fn completion(&self, prompt: Message, chat_history: Vec<Message>) -> CompletionRequest {
        let mut history = chat_history;
        history.push(prompt);
        let mut tools: Vec<String> = self.tools.keys().cloned().collect();
        tools.sort();
        CompletionRequest {
            model: self.model_name.clone(),
            preamble: self.preamble.clone(),
            chat_history: history,
            tools,
            temperature: self.temperature,
            max_tokens: self.max_tokens,
        }
    }

    pub fn call_tool(&self, name: &str, args: &str) -> Result<String, String> {
        match self.tools.get(name) {
            Some(tool) => tool(args),
            None => Err(format!("tool not found: {name}")),
        }
    }

    pub fn prompt<'a>(&'a self, prompt: impl Into<String>) -> PromptRequest<'a, M> {
        let req = PromptRequest::new(self, Message::User { content: prompt.into() });
        match self.default_max_depth {
            Some(depth) => req.multi_turn(depth),
            None => req,
        }
    }
}
