use crate::ProviderError;
use crate::retry::RetryConfig;

#[derive(Debug, Clone, Default)]
pub struct ProviderUsage {
    pub model: String,
    pub input_tokens: Option<i32>,
    pub output_tokens: Option<i32>,
    pub total_tokens: Option<i32>,
}

pub trait Provider {
    fn get_name(&self) -> &str;

    fn complete(&self, system: &str, messages: &[String]) -> Result<(String, ProviderUsage), ProviderError>;

    /// Providers override this to tune how transient failures are retried.
    fn retry_config(&self) -> RetryConfig {
        RetryConfig::default()
    }
}
