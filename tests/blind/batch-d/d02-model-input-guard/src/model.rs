use std::fmt::Display;

use crate::estimate_token_length;

const PER_MESSAGES_TOKENS: usize = 5;
const BASIS_TOKENS: usize = 2;

#[derive(Debug, Clone)]
pub struct Message {
    pub is_user: bool,
    pub text: String,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ModelType {
    Chat,
    Embedding,
}

#[derive(Debug, Clone, Default)]
pub struct ModelData {
    pub name: String,
    pub model_type: String,
    pub max_input_tokens: Option<usize>,
    pub input_price: Option<f64>,
    pub output_price: Option<f64>,

    // chat-only properties
    pub max_output_tokens: Option<isize>,
    pub require_max_tokens: bool,

    // embedding-only properties
    pub max_tokens_per_chunk: Option<usize>,
    pub default_chunk_size: Option<usize>,
    pub max_batch_size: Option<usize>,
}

#[derive(Debug, Clone, Default)]
pub struct Model {
    client_name: String,
    data: ModelData,
}

fn stringify_option_value<T: Display>(value: &Option<T>) -> String {
    match value {
        Some(value) => value.to_string(),
        None => "-".to_string(),
    }
}

impl Model {
    pub fn new(client_name: &str, data: ModelData) -> Self {
        Self {
            client_name: client_name.into(),
            data,
        }
    }

    pub fn id(&self) -> String {
        format!("{}:{}", self.client_name, self.data.name)
    }

    pub fn name(&self) -> &str {
        &self.data.name
    }

    pub fn model_type(&self) -> ModelType {
        if self.data.model_type.starts_with("embed") {
            ModelType::Embedding
        } else {
            ModelType::Chat
        }
    }

    pub fn description(&self) -> String {
        match self.model_type() {
            ModelType::Chat => {
                let max_input_tokens = stringify_option_value(&self.data.max_input_tokens);
                let max_output_tokens = stringify_option_value(&self.data.max_output_tokens);
                let input_price = stringify_option_value(&self.data.input_price);
                let output_price = stringify_option_value(&self.data.output_price);
                format!("{max_input_tokens:>8} / {max_output_tokens:>8}  |  {input_price:>6} / {output_price:>6}")
            }
            ModelType::Embedding => {
                let max_tokens = stringify_option_value(&self.data.max_tokens_per_chunk);
                let max_batch = stringify_option_value(&self.data.max_batch_size);
                let price = stringify_option_value(&self.data.input_price);
                format!("max-tokens:{max_tokens};max-batch:{max_batch};price:{price}")
            }
        }
    }

    pub fn max_input_tokens(&self) -> Option<usize> {
        self.data.max_input_tokens
    }

    pub fn max_output_tokens(&self) -> Option<isize> {
        self.data.max_output_tokens
    }

    pub fn max_tokens_per_chunk(&self) -> Option<usize> {
        self.data.max_tokens_per_chunk
    }

    pub fn default_chunk_size(&self) -> usize {
        self.data.default_chunk_size.unwrap_or(1000)
    }

    pub fn max_batch_size(&self) -> Option<usize> {
        self.data.max_batch_size
    }

    pub fn max_tokens_param(&self) -> Option<isize> {
        if self.data.require_max_tokens {
            self.data.max_output_tokens
        } else {
            None
        }
    }

    pub fn set_max_tokens(
        &mut self,
        max_output_tokens: Option<isize>,
        require_max_tokens: bool,
    ) -> &mut Self {
        match max_output_tokens {
            None | Some(0) => self.data.max_output_tokens = None,
            _ => self.data.max_output_tokens = max_output_tokens,
        }
        self.data.require_max_tokens = require_max_tokens;
        self
    }

    pub fn messages_tokens(&self, messages: &[Message]) -> usize {
        messages.iter().map(|v| estimate_token_length(&v.text)).sum()
    }

    pub fn total_tokens(&self, messages: &[Message]) -> usize {
        if messages.is_empty() {
            return 0;
        }
        let num_messages = messages.len();
        let message_tokens = self.messages_tokens(messages);
        if messages[num_messages - 1].is_user {
            num_messages * PER_MESSAGES_TOKENS + message_tokens
        } else {
            (num_messages - 1) * PER_MESSAGES_TOKENS + message_tokens
        }
    }

    pub fn guard_max_input_tokens(&self, messages: &[Message]) -> Result<(), String> {
        let total_tokens = self.total_tokens(messages) + BASIS_TOKENS;
        if let Some(max_input_tokens) = self.data.max_input_tokens {
            if total_tokens >= max_input_tokens {
                return Err("Exceed max_input_tokens limit".into());
            }
        }
        Ok(())
    }
}
