pub mod config;
pub mod leaky_bucket;
pub mod rate_limit;

use config::HttpModelConfig;
use rate_limit::{new_chat, new_completion, new_embedding};

pub trait Embedding: Send + Sync {
    fn embed(&self, prompt: &str) -> Result<Vec<f32>, String>;
}

#[derive(Debug, Clone, Default)]
pub struct CompletionOptions {
    pub max_decoding_tokens: i32,
    pub sampling_temperature: f32,
}

pub trait CompletionStream: Send + Sync {
    fn generate(&self, prompt: &str, options: CompletionOptions) -> Vec<String>;
}

#[derive(Debug, Clone, Default)]
pub struct CreateChatCompletionRequest {
    pub model: String,
    pub messages: Vec<String>,
    pub max_tokens: Option<u32>,
}

pub trait ChatCompletionStream: Send + Sync {
    fn chat(&self, request: CreateChatCompletionRequest) -> Result<String, String>;
    fn chat_stream(&self, request: CreateChatCompletionRequest) -> Result<Vec<String>, String>;
}

pub fn create_embedding(config: &HttpModelConfig, engine: Box<dyn Embedding>) -> impl Embedding {
    new_embedding(engine, config.rate_limit.request_per_minute)
}

pub fn create_completion(config: &HttpModelConfig, engine: Box<dyn CompletionStream>) -> impl CompletionStream {
    new_completion(engine, config.rate_limit.request_per_minute)
}

pub fn create_chat(config: &HttpModelConfig, engine: Box<dyn ChatCompletionStream>) -> impl ChatCompletionStream {
    new_chat(engine, config.rate_limit.request_per_minute)
}
