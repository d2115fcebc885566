//! Payload validation of a text-generation router.

pub mod tokenizer;
pub mod validation;

/// Generation parameters as sent by the client (`serde` stand-in: plain struct).
#[derive(Debug, Clone, Default)]
pub struct GenerateParameters {
    pub best_of: Option<usize>,
    pub temperature: Option<f32>,
    pub repetition_penalty: Option<f32>,
    pub top_k: Option<i32>,
    pub top_p: Option<f32>,
    pub do_sample: bool,
    pub max_new_tokens: Option<u32>,
    pub stop: Vec<String>,
    pub truncate: Option<usize>,
    pub seed: Option<u64>,
    pub decoder_input_details: bool,
    pub top_n_tokens: Option<u32>,
}

#[derive(Debug, Clone, Default)]
pub struct GenerateRequest {
    pub inputs: String,
    pub add_special_tokens: bool,
    pub parameters: GenerateParameters,
}

/// Router arguments, normally parsed by clap from flags / env.
#[derive(Debug, Clone)]
pub struct Args {
    pub validation_workers: usize,
    pub max_best_of: usize,
    pub max_stop_sequences: usize,
    pub max_top_n_tokens: u32,
    pub max_input_tokens: usize,
    pub max_total_tokens: usize,
    pub disable_grammar_support: bool,
}

impl Args {
    pub fn from_env() -> Self {
        fn var<T: std::str::FromStr>(name: &str, default: T) -> T {
            std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
        }
        Self {
            validation_workers: var("VALIDATION_WORKERS", 2),
            max_best_of: var("MAX_BEST_OF", 2),
            max_stop_sequences: var("MAX_STOP_SEQUENCES", 4),
            max_top_n_tokens: var("MAX_TOP_N_TOKENS", 5),
            max_input_tokens: var("MAX_INPUT_TOKENS", 1024),
            max_total_tokens: var("MAX_TOTAL_TOKENS", 2048),
            disable_grammar_support: var("DISABLE_GRAMMAR_SUPPORT", false),
        }
    }

    pub fn validation(&self) -> validation::Validation {
        validation::Validation::new(
            self.validation_workers, tokenizer::Tokenizer::Whitespace, self.max_best_of, self.max_stop_sequences,
            self.max_top_n_tokens, self.max_input_tokens, self.max_total_tokens, self.disable_grammar_support,
        )
    }
}
