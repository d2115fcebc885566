use crate::retry::SimpleRetryPolicy;
use crate::tower::Retry;
use crate::{HttpRequestFactory, OpenAIError, Response};

pub struct OpenAIConfig {
    pub api_base: String,
    pub api_key: String,
    pub max_retries: usize,
}

impl OpenAIConfig {
    pub fn from_env() -> Self {
        Self {
            api_base: std::env::var("OPENAI_BASE_URL")
                .unwrap_or_else(|_| "https://api.openai.com/v1".into()),
            api_key: std::env::var("OPENAI_API_KEY").unwrap_or_default(),
            max_retries: std::env::var("OPENAI_MAX_RETRIES")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(3),
        }
    }
}

pub struct Client<T> {
    config: OpenAIConfig,
    transport: T,
}

impl<T> Client<T>
where
    T: FnMut(&str, &str, HttpRequestFactory) -> Result<Response, OpenAIError>,
{
    pub fn with_config(config: OpenAIConfig, transport: T) -> Self {
        Self { config, transport }
    }

    pub fn post(&mut self, path: &str, body: String) -> Result<Response, OpenAIError> {
        let policy = SimpleRetryPolicy::new(self.config.max_retries);
        let base = self.config.api_base.clone();
        let key = self.config.api_key.clone();
        let transport = &mut self.transport;
        let mut service = Retry::new(policy, |req: HttpRequestFactory| transport(&base, &key, req));
        service.call(HttpRequestFactory {
            method: "POST",
            path: path.to_string(),
            body,
        })
    }
}
