use crate::base::{Provider, ProviderUsage};
use crate::ProviderError;
use crate::retry::{
    ProviderRetry, RetryConfig, DEFAULT_BACKOFF_MULTIPLIER, DEFAULT_INITIAL_RETRY_INTERVAL_MS,
    DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_INTERVAL_MS,
};

pub trait Transport {
    fn post(&self, model: &str, body: &str) -> Result<(String, ProviderUsage), ProviderError>;
}

pub struct OpenAiProvider<T> {
    transport: T,
    model: String,
    retry_config: RetryConfig,
}

fn env<V: std::str::FromStr>(key: &str) -> Option<V> {
    std::env::var(key).ok().and_then(|v| v.parse().ok())
}

impl<T: Transport> OpenAiProvider<T> {
    pub fn from_env(transport: T) -> Self {
        let retry_config = RetryConfig::new(
            env("OPENAI_MAX_RETRIES").unwrap_or(DEFAULT_MAX_RETRIES),
            env("OPENAI_INITIAL_RETRY_INTERVAL_MS").unwrap_or(DEFAULT_INITIAL_RETRY_INTERVAL_MS),
            env("OPENAI_BACKOFF_MULTIPLIER").unwrap_or(DEFAULT_BACKOFF_MULTIPLIER),
            env("OPENAI_MAX_RETRY_INTERVAL_MS").unwrap_or(DEFAULT_MAX_RETRY_INTERVAL_MS),
        );
        Self {
            transport,
            model: env("OPENAI_MODEL").unwrap_or_else(|| "gpt-4o".to_string()),
            retry_config,
        }
    }

    pub fn complete_with_retry(
        &self,
        system: &str,
        messages: &[String],
    ) -> Result<(String, ProviderUsage), ProviderError> {
        self.with_retry(|| self.complete(system, messages))
    }
}

impl<T: Transport> Provider for OpenAiProvider<T> {
    fn get_name(&self) -> &str {
        "openai"
    }

    fn complete(&self, system: &str, messages: &[String]) -> Result<(String, ProviderUsage), ProviderError> {
        let body = format!("{{\"system\":{:?},\"messages\":{:?}}}", system, messages);
        self.transport.post(&self.model, &body)
    }

    fn retry_config(&self) -> RetryConfig {
        self.retry_config.clone()
    }
}
