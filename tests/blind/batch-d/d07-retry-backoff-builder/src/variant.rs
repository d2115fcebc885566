use std::time::Duration;

use crate::retries::RetryConfig;
use crate::Error;

pub trait InferenceProvider {
    fn infer(&self, model_name: &str, input: &str) -> Result<String, Error>;
}

/// A chat-completion variant: retries the whole model call per its config.
pub struct ChatCompletionConfig {
    pub model: String,
    pub weight: Option<f64>,
    pub retries: RetryConfig,
}

impl ChatCompletionConfig {
    pub fn infer(
        &self,
        provider: &dyn InferenceProvider,
        input: &str,
        sleep: impl Fn(Duration),
    ) -> Result<String, Error> {
        self.retries.retry(|| provider.infer(&self.model, input), sleep)
    }

    pub fn describe(&self) -> String {
        format!("model={} weight={:?} retries={}", self.model, self.weight, self.retries)
    }
}
