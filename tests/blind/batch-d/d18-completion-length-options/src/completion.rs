use std::sync::Arc;

use crate::code::{CodeGeneration, CodeGenerationOptions, CodeGenerationOptionsBuilder};

#[derive(Debug, Clone)]
pub struct CompletionConfig {
    pub max_input_length: usize,
    pub max_decoding_tokens: usize,
}

fn default_max_input_length() -> usize { 1024 + 512 }

fn default_max_decoding_tokens() -> usize { 64 }

impl Default for CompletionConfig {
    fn default() -> Self {
        Self {
            max_input_length: default_max_input_length(),
            max_decoding_tokens: default_max_decoding_tokens(),
        }
    }
}

impl CompletionConfig {
    /// `[completion]` section of config.toml, flattened into env vars.
    pub fn from_env() -> Self {
        let mut config = Self::default();
        if let Some(v) = std::env::var("TABBY_COMPLETION_MAX_INPUT_LENGTH").ok().and_then(|v| v.parse().ok()) {
            config.max_input_length = v;
        }
        if let Some(v) = std::env::var("TABBY_COMPLETION_MAX_DECODING_TOKENS").ok().and_then(|v| v.parse().ok()) {
            config.max_decoding_tokens = v;
        }
        config
    }
}

#[derive(Debug, Clone)]
pub struct CompletionRequest {
    pub language: Option<String>,
    pub prompt: String,
    pub temperature: Option<f32>,
    pub seed: Option<u64>,
    pub mode: String,
}

pub struct CompletionService {
    engine: Arc<CodeGeneration>,
    config: CompletionConfig,
}

impl CompletionService {
    pub fn new(engine: Arc<CodeGeneration>, config: CompletionConfig) -> Self { Self { engine, config } }

    fn text_generation_options(
        language: &'static str,
        temperature: Option<f32>,
        seed: Option<u64>,
        max_input_length: usize,
        max_output_tokens: usize,
        mode: String,
    ) -> CodeGenerationOptions {
        let mut builder = CodeGenerationOptionsBuilder::default();
        builder
            .max_input_length(max_input_length)
            .max_decoding_tokens(max_output_tokens as i32)
            .language(Some(language));
        if let Some(x) = temperature {
            builder.sampling_temperature(x);
        }
        if let Some(x) = seed {
            builder.seed(x);
        }
        builder.mode(mode);
        builder
            .build()
            .expect("Failed to create text generation options")
    }

    pub fn generate(&self, request: &CompletionRequest) -> String {
        let language: &'static str = match request.language.as_deref() {
            Some("rust") => "rust",
            Some("python") => "python",
            _ => "unknown",
        };
        let max_output_tokens = if request.mode == "next_edit_suggestion" {
            self.config.max_decoding_tokens * 2
        } else {
            self.config.max_decoding_tokens
        };
        let options = Self::text_generation_options(
            language,
            request.temperature,
            request.seed,
            self.config.max_input_length,
            max_output_tokens,
            request.mode.clone(),
        );
        self.engine.generate(&request.prompt, options)
    }
}
