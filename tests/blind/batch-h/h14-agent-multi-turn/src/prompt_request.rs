use std::fmt;

use crate::agent::Agent;
use crate::completion::{AssistantContent, CompletionModel, Message, Usage};

#[derive(Debug)]
pub enum PromptError {
    CompletionError(String),
    ToolError(String),
    MaxDepthError { max_depth: usize, chat_history: Box<Vec<Message>>, prompt: Message },
}

impl fmt::Display for PromptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PromptError::CompletionError(e) => write!(f, "CompletionError: {e}"),
            PromptError::ToolError(e) => write!(f, "ToolCallError: {e}"),
            PromptError::MaxDepthError { max_depth, .. } => {
                write!(f, "MaxDepthError: (reached limit: {max_depth})")
            }
        }
    }
}

#[derive(Debug)]
pub struct PromptResponse {
    pub output: String,
    pub total_usage: Usage,
}

/// A builder for creating prompt requests with customizable options.
pub struct PromptRequest<'a, M: CompletionModel> {
    /// The prompt message to send to the model
    prompt: Message,
    /// Optional chat history to include with the prompt
    chat_history: Option<&'a mut Vec<Message>>,
    /// Maximum depth for multi-turn conversations (0 means no multi-turn)
    max_depth: usize,
    /// The agent to use for execution
    agent: &'a Agent<M>,
}

impl<'a, M: CompletionModel> PromptRequest<'a, M> {
    pub fn new(agent: &'a Agent<M>, prompt: Message) -> Self {
        Self { prompt, chat_history: None, max_depth: 0, agent }
    }

    /// Set the maximum depth for multi-turn conversations
    pub fn multi_turn(self, depth: usize) -> PromptRequest<'a, M> {
        PromptRequest { max_depth: depth, ..self }
    }

    /// Add chat history to the prompt request
    pub fn with_history(self, history: &'a mut Vec<Message>) -> PromptRequest<'a, M> {
        PromptRequest { chat_history: Some(history), ..self }
    }

    pub fn send(self) -> Result<PromptResponse, PromptError> {
        let agent = self.agent;
        let mut owned = Vec::new();
        let chat_history = match self.chat_history {
            Some(history) => history,
            None => &mut owned,
        };
        chat_history.push(self.prompt);

        let mut current_max_depth = 0;
        let mut usage = Usage::new();

        // We need to do at least 2 loops for 1 roundtrip (user expects normal message)
        let last_prompt = loop {
            let prompt = chat_history
                .last()
                .cloned()
                .expect("there should always be at least one message in the chat history");

            if current_max_depth > self.max_depth + 1 {
                break prompt;
            }

            current_max_depth += 1;

            if self.max_depth > 1 {
                eprintln!("[{}] Current conversation depth: {}/{}", agent.name(), current_max_depth, self.max_depth);
            }

            let request = agent.completion(prompt.clone(), chat_history[..chat_history.len() - 1].to_vec());
            let resp = agent
                .model
                .completion(request)
                .map_err(|e| PromptError::CompletionError(e.0))?;
            usage += resp.usage;

            let (tool_calls, texts): (Vec<_>, Vec<_>) = resp
                .choice
                .iter()
                .cloned()
                .partition(|choice| matches!(choice, AssistantContent::ToolCall { .. }));

            chat_history.push(Message::Assistant { content: resp.choice.clone() });

            if tool_calls.is_empty() {
                let merged_texts = texts
                    .into_iter()
                    .filter_map(|c| match c {
                        AssistantContent::Text(t) => Some(t),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
                    .join("\n");

                if self.max_depth > 1 {
                    eprintln!("Depth reached: {}/{}", current_max_depth, self.max_depth);
                }

                return Ok(PromptResponse { output: merged_texts, total_usage: usage });
            }

            for call in tool_calls {
                if let AssistantContent::ToolCall { id, name, arguments } = call {
                    let output = agent.call_tool(&name, &arguments).map_err(PromptError::ToolError)?;
                    chat_history.push(Message::ToolResult { id, content: output });
                }
            }
        };

        Err(PromptError::MaxDepthError {
            max_depth: self.max_depth,
            chat_history: Box::new(chat_history.clone()),
            prompt: last_prompt,
        })
    }
}
