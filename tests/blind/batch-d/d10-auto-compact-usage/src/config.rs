#[derive(Debug, Clone, PartialEq)]
pub struct ModelFamily {
    pub slug: String,
    pub context_window: Option<i64>,
    pub auto_compact_token_limit: Option<i64>,
}

impl ModelFamily {
    /// 90% of the context window unless the family pins its own limit.
    pub fn auto_compact_token_limit(&self) -> Option<i64> {
        self.auto_compact_token_limit
            .or_else(|| self.context_window.map(|window| (window * 9) / 10))
    }
}

pub fn find_family_for_model(slug: &str) -> ModelFamily {
    let context_window = if slug.starts_with("gpt-5") { 272_000 } else { 128_000 };
    ModelFamily {
        slug: slug.to_string(),
        context_window: Some(context_window),
        auto_compact_token_limit: None,
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    pub model: String,
    pub model_family: ModelFamily,
    /// Size of the context window for the model, in tokens.
    pub model_context_window: Option<i64>,
    /// Token usage threshold triggering auto-compaction of conversation history.
    pub model_auto_compact_token_limit: Option<i64>,
}

fn env_i64(key: &str) -> Option<i64> {
    std::env::var(key).ok().and_then(|v| v.parse().ok())
}

impl Config {
    pub fn from_env() -> Self {
        let model = std::env::var("CODEX_MODEL").unwrap_or_else(|_| "gpt-5".into());
        let model_family = find_family_for_model(&model);
        Self {
            model_context_window: env_i64("CODEX_MODEL_CONTEXT_WINDOW").or(model_family.context_window),
            model_auto_compact_token_limit: env_i64("CODEX_MODEL_AUTO_COMPACT_TOKEN_LIMIT")
                .or_else(|| model_family.auto_compact_token_limit()),
            model,
            model_family,
        }
    }
}
