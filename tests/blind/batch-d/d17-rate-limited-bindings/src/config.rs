#[derive(Debug, Clone)]
pub struct HttpModelConfig {
    /// The kind of model, e.g. `openai/chat`, `llama.cpp/completion`.
    pub kind: String,
    pub api_endpoint: Option<String>,
    pub api_key: Option<String>,
    pub rate_limit: RateLimit,
    /// Used by OpenAI style API for model name.
    pub model_name: Option<String>,
    /// Used by Completion API to construct a completion model.
    pub prompt_template: Option<String>,
    pub additional_stop_words: Option<Vec<String>>,
}

#[derive(Debug, Clone)]
pub struct RateLimit {
    // The limited number of requests can be made in one minute.
    pub request_per_minute: u64,
}

impl Default for RateLimit {
    fn default() -> Self {
        Self {
            request_per_minute: 1200,
        }
    }
}

impl HttpModelConfig {
    /// Reads `[model.chat.http]`-style settings from `TABBY_CHAT_*` variables.
    pub fn from_env(prefix: &str) -> Option<Self> {
        let var = |name: &str| std::env::var(format!("{prefix}_{name}")).ok();
        let kind = var("KIND")?;
        let mut rate_limit = RateLimit::default();
        if let Some(rpm) = var("REQUEST_PER_MINUTE").and_then(|v| v.parse().ok()) {
            rate_limit.request_per_minute = rpm;
        }
        Some(Self {
            kind,
            api_endpoint: var("API_ENDPOINT"),
            api_key: var("API_KEY"),
            rate_limit,
            model_name: var("MODEL_NAME"),
            prompt_template: var("PROMPT_TEMPLATE"),
            additional_stop_words: var("STOP_WORDS").map(|v| v.split(',').map(str::to_string).collect()),
        })
    }
}
