//! Registry of model providers supported by Codex.
use std::collections::HashMap;
use std::time::Duration;

use crate::api::{ApiWireApi, Provider as ApiProvider, RetryConfig as ApiRetryConfig};

const DEFAULT_STREAM_IDLE_TIMEOUT_MS: u64 = 300_000;
const DEFAULT_STREAM_MAX_RETRIES: u64 = 5;
const DEFAULT_REQUEST_MAX_RETRIES: u64 = 4;
/// Hard cap for user-configured `stream_max_retries`.
const MAX_STREAM_MAX_RETRIES: u64 = 100;
/// Hard cap for user-configured `request_max_retries`.
const MAX_REQUEST_MAX_RETRIES: u64 = 100;

const OPENAI_PROVIDER_NAME: &str = "OpenAI";

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum WireApi {
    Responses,
    #[default]
    Chat,
}

/// Serializable representation of a provider definition.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ModelProviderInfo {
    pub name: String,
    pub base_url: Option<String>,
    pub env_key: Option<String>,
    pub wire_api: WireApi,
    pub http_headers: Option<HashMap<String, String>>,
    /// Maximum number of times to retry a failed HTTP request to this provider.
    pub request_max_retries: Option<u64>,
    /// Number of times to retry reconnecting a dropped streaming response before failing.
    pub stream_max_retries: Option<u64>,
    /// Idle timeout (in milliseconds) to wait for activity on a streaming response.
    pub stream_idle_timeout_ms: Option<u64>,
    pub requires_openai_auth: bool,
}

impl ModelProviderInfo {
    /// Parses a `[model_providers.<id>]` table already split into key/values.
    pub fn from_table(table: &HashMap<String, String>) -> Self {
        let num = |key: &str| table.get(key).and_then(|v| v.parse::<u64>().ok());
        Self {
            name: table.get("name").cloned().unwrap_or_default(),
            base_url: table.get("base_url").cloned(),
            env_key: table.get("env_key").cloned(),
            wire_api: match table.get("wire_api").map(String::as_str) {
                Some("responses") => WireApi::Responses,
                _ => WireApi::Chat,
            },
            http_headers: None,
            request_max_retries: num("request_max_retries"),
            stream_max_retries: num("stream_max_retries"),
            stream_idle_timeout_ms: num("stream_idle_timeout_ms"),
            requires_openai_auth: table.get("requires_openai_auth").is_some_and(|v| v == "true"),
        }
    }

    fn build_header_map(&self) -> Vec<(String, String)> {
        let extra = self.http_headers.iter().flatten();
        extra.map(|(k, v)| (k.clone(), v.clone())).collect()
    }

    pub fn to_api_provider(&self, chatgpt_auth: bool) -> ApiProvider {
        let default_base_url =
            if chatgpt_auth { "https://chatgpt.com/backend-api/codex" } else { "https://api.openai.com/v1" };
        let base_url = self.base_url.clone().unwrap_or_else(|| default_base_url.to_string());
        let retry = ApiRetryConfig {
            max_attempts: self.request_max_retries(),
            base_delay: Duration::from_millis(200),
            retry_429: false,
            retry_5xx: true,
            retry_transport: true,
        };
        ApiProvider {
            name: self.name.clone(),
            base_url,
            wire: match self.wire_api {
                WireApi::Responses => ApiWireApi::Responses,
                WireApi::Chat => ApiWireApi::Chat,
            },
            headers: self.build_header_map(),
            retry,
            stream_idle_timeout: self.stream_idle_timeout(),
        }
    }

    /// Effective maximum number of request retries for this provider.
    pub fn request_max_retries(&self) -> u64 {
        self.request_max_retries
            .unwrap_or(DEFAULT_REQUEST_MAX_RETRIES)
            .min(MAX_REQUEST_MAX_RETRIES)
    }

    /// Effective maximum number of stream reconnection attempts for this provider.
    pub fn stream_max_retries(&self) -> u64 {
        self.stream_max_retries
            .unwrap_or(DEFAULT_STREAM_MAX_RETRIES)
            .min(MAX_STREAM_MAX_RETRIES)
    }

    /// Effective idle timeout for streaming responses.
    pub fn stream_idle_timeout(&self) -> Duration {
        self.stream_idle_timeout_ms
            .map(Duration::from_millis)
            .unwrap_or(Duration::from_millis(DEFAULT_STREAM_IDLE_TIMEOUT_MS))
    }

    pub fn create_openai_provider() -> ModelProviderInfo {
        ModelProviderInfo {
            name: OPENAI_PROVIDER_NAME.into(),
            base_url: std::env::var("OPENAI_BASE_URL").ok().filter(|v| !v.trim().is_empty()),
            wire_api: WireApi::Responses,
            // Use global defaults for retry/timeout unless overridden in config.toml.
            request_max_retries: None,
            stream_max_retries: None,
            stream_idle_timeout_ms: None,
            requires_openai_auth: true,
            ..Default::default()
        }
    }

}

/// Built-in default provider list.
pub fn built_in_model_providers() -> HashMap<String, ModelProviderInfo> {
    let oss = ModelProviderInfo {
        name: "gpt-oss".into(),
        base_url: Some("http://localhost:11434/v1".into()),
        ..Default::default()
    };
    HashMap::from([("openai".into(), ModelProviderInfo::create_openai_provider()), ("ollama".into(), oss)])
}
