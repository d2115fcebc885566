use std::time::Duration;

use crate::leaky_bucket::RateLimiter;
use crate::{ChatCompletionStream, CompletionOptions, CompletionStream, CreateChatCompletionRequest, Embedding};

fn new_rate_limiter(rpm: u64) -> RateLimiter {
    let rps = (rpm as f64 / 60.0).ceil() as usize;
    RateLimiter::builder()
        .initial(rps)
        .interval(Duration::from_secs(1))
        .refill(rps)
        .build()
}

pub struct RateLimitedEmbedding {
    embedding: Box<dyn Embedding>,
    rate_limiter: RateLimiter,
}

pub fn new_embedding(embedding: Box<dyn Embedding>, request_per_minute: u64) -> impl Embedding {
    RateLimitedEmbedding {
        embedding,
        rate_limiter: new_rate_limiter(request_per_minute),
    }
}

impl Embedding for RateLimitedEmbedding {
    fn embed(&self, prompt: &str) -> Result<Vec<f32>, String> {
        self.rate_limiter.acquire(1);
        self.embedding.embed(prompt)
    }
}

pub struct RateLimitedCompletion {
    completion: Box<dyn CompletionStream>,
    rate_limiter: RateLimiter,
}

pub fn new_completion(completion: Box<dyn CompletionStream>, request_per_minute: u64) -> impl CompletionStream {
    RateLimitedCompletion {
        completion,
        rate_limiter: new_rate_limiter(request_per_minute),
    }
}

impl CompletionStream for RateLimitedCompletion {
    fn generate(&self, prompt: &str, options: CompletionOptions) -> Vec<String> {
        self.rate_limiter.acquire(1);
        self.completion.generate(prompt, options)
    }
}

pub struct RateLimitedChatStream {
    completion: Box<dyn ChatCompletionStream>,
    rate_limiter: RateLimiter,
}

pub fn new_chat(completion: Box<dyn ChatCompletionStream>, request_per_minute: u64) -> impl ChatCompletionStream {
    RateLimitedChatStream {
        completion,
        rate_limiter: new_rate_limiter(request_per_minute),
    }
}

impl ChatCompletionStream for RateLimitedChatStream {
    fn chat(&self, request: CreateChatCompletionRequest) -> Result<String, String> {
        self.rate_limiter.acquire(1);
        self.completion.chat(request)
    }

    fn chat_stream(&self, request: CreateChatCompletionRequest) -> Result<Vec<String>, String> {
        self.rate_limiter.acquire(1);
        self.completion.chat_stream(request)
    }
}
