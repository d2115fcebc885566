use crate::tokenizer::Tokenizer;
use crate::GenerateRequest;
use std::cmp::min;
use std::fmt;

static DEFAULT_GENERATION_LENGTH: u32 = 1024;

/// Validation
#[derive(Debug, Clone)]
pub struct Validation {
    /// Validation parameters
    pub max_best_of: usize,
    pub max_stop_sequences: usize, //@ BL003
    pub max_top_n_tokens: u32,
    pub max_input_length: usize,
    pub max_total_tokens: usize,
    pub disable_grammar_support: bool,
    workers: usize,
    tokenizer: Tokenizer,
}

#[derive(Debug, Clone, Default)]
pub struct ValidParameters {
    pub temperature: f32,
    pub repetition_penalty: f32,
    pub top_k: u32,
    pub top_p: f32,
    pub do_sample: bool,
    pub seed: u64,
}

#[derive(Debug, Clone, Default)]
pub struct ValidStoppingParameters {
    pub max_new_tokens: u32,
    /// Generated tokens before being re-queued by the system
    pub max_total_new_tokens: u32,
    pub stop_sequences: Vec<String>,
    pub ignore_eos_token: bool,
}

#[derive(Debug, Clone, Default)]
pub struct ValidGenerateRequest {
    pub input_ids: Vec<u32>,
    pub input_length: u32,
    pub truncate: u32,
    pub add_special_tokens: bool,
    pub decoder_input_details: bool,
    pub parameters: ValidParameters,
    pub stopping_parameters: ValidStoppingParameters,
    pub top_n_tokens: u32,
}

#[derive(Debug)]
pub enum ValidationError {
    BestOf(usize, usize),
    TopNTokens(u32, u32),
    Truncate(usize, usize),
    MaxTotalTokens(usize, usize, u32),
    InputLength(usize, usize),
    StopSequence(usize, usize),
    BestOfDisabled, BestOfSampling, BestOfSeed, Temperature, RepetitionPenalty, TopP, TopK,
    NegativeMaxNewTokens, EmptyInput, Grammar,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MaxTotalTokens(max, input, new) => write!(
                f,
                "`inputs` tokens + `max_new_tokens` must be <= {max}. Given: {input} `inputs` tokens and {new} `max_new_tokens`"
            ),
            Self::InputLength(max, got) => write!(f, "`inputs` must have less than {max} tokens. Given: {got}"),
            Self::StopSequence(max, got) => write!(f, "`stop` supports up to {max} stop sequences. Given: {got}"),
            other => write!(f, "{other:?}"),
        }
    }
}

impl Validation {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        workers: usize,
        tokenizer: Tokenizer,
        max_best_of: usize,
        max_stop_sequences: usize,
        max_top_n_tokens: u32,
        max_input_length: usize,
        max_total_tokens: usize,
        disable_grammar_support: bool,
    ) -> Self {
        Self {
            max_best_of,
            max_stop_sequences,
            max_top_n_tokens,
            max_input_length,
            max_total_tokens,
            disable_grammar_support,
            workers: workers.max(1),
            tokenizer,
        }
    }

    pub fn workers(&self) -> usize {
        self.workers
    }

    #[allow(clippy::type_complexity)]
    fn validate_input(&self, inputs: &str, add_special_tokens: bool, truncate: Option<usize>, max_new_tokens: Option<u32>)
        -> Result<(Vec<u32>, usize, u32, u32), ValidationError> {
        let encoding = self.tokenizer.encode(inputs, add_special_tokens);
        let input_length = if let Some(truncate) = truncate {
            min(encoding.len(), truncate)
        } else {
            encoding.len()
        };

        // Get total tokens
        let (max_new_tokens, max_total_new_tokens) = if let Some(max_new_tokens) = max_new_tokens {
            // Do not accept humongous max_new_tokens queries.
            let chunk_size = min(max_new_tokens, DEFAULT_GENERATION_LENGTH);
            (chunk_size, max_new_tokens)
        } else {
            // Use the maximum possible number of tokens as default
            let max_new_tokens = self.max_total_tokens.saturating_sub(input_length) as u32;
            (min(max_new_tokens, DEFAULT_GENERATION_LENGTH), max_new_tokens)
        };
        let total_tokens = input_length + max_new_tokens as usize;

        // Validate MaxTotalTokens
        if total_tokens > self.max_total_tokens {
            return Err(ValidationError::MaxTotalTokens(self.max_total_tokens, input_length, max_new_tokens));
        }

        // Validate InputLength
        if input_length > self.max_input_length {
            return Err(ValidationError::InputLength(self.max_input_length, input_length));
        }

        let ids = encoding.get_ids();
        let input_ids = ids[ids.len().saturating_sub(input_length)..].to_owned();
        Ok((input_ids, input_length, max_new_tokens, max_total_new_tokens))
    }

    /// Validate a payload and get the number of tokens in the input
    pub fn validate(&self, request: GenerateRequest) -> Result<ValidGenerateRequest, ValidationError> {
        let p = request.parameters;

        // sampling must be true when best_of > 1
        let best_of = p.best_of.unwrap_or(1);
        let sampling = p.do_sample || p.temperature.is_some() || p.top_k.is_some() || p.top_p.is_some();
        if best_of > 1 && !sampling {
            return Err(ValidationError::BestOfSampling);
        }

        let temperature = p.temperature.unwrap_or(1.0);
        if temperature <= 0.0 {
            return Err(ValidationError::Temperature);
        }
        let repetition_penalty = p.repetition_penalty.unwrap_or(1.0);
        if repetition_penalty <= 0.0 {
            return Err(ValidationError::RepetitionPenalty);
        }
        let top_p = p
            .top_p
            .map(|value| if value <= 0.0 || value >= 1.0 { Err(ValidationError::TopP) } else { Ok(value) })
            .unwrap_or(Ok(1.0))?;
        let top_k: u32 = p
            .top_k
            .map(|value| if value <= 0 { Err(ValidationError::TopK) } else { Ok(value as u32) })
            .unwrap_or(Ok(0))?;

        if p.max_new_tokens == Some(0) {
            return Err(ValidationError::NegativeMaxNewTokens);
        }

        let stop_sequences = p.stop;

        // If seed is None, assign a random one
        let seed = match p.seed {
            None => 0x5eed,
            Some(seed) => {
                if best_of > 1 {
                    return Err(ValidationError::BestOfSeed);
                }
                seed
            }
        };

        let top_n_tokens = p
            .top_n_tokens
            .map(|value| {
                if value > self.max_top_n_tokens {
                    return Err(ValidationError::TopNTokens(self.max_top_n_tokens, value));
                }
                Ok(value)
            })
            .unwrap_or(Ok(0))?;

        if request.inputs.is_empty() {
            return Err(ValidationError::EmptyInput);
        }

        // Check if truncate is strictly positive and less than max_input_length
        let truncate = p
            .truncate
            .map(|value| {
                if value == 0 || value > self.max_input_length {
                    return Err(ValidationError::Truncate(self.max_input_length, value));
                }
                Ok(Some(value))
            })
            .unwrap_or(Ok(None))?;

        if self.disable_grammar_support && request.inputs.starts_with("{\"grammar\"") {
            return Err(ValidationError::Grammar);
        }

        let (input_ids, input_length, max_new_tokens, max_total_new_tokens) =
            self.validate_input(&request.inputs, request.add_special_tokens, truncate, p.max_new_tokens)?;

        Ok(ValidGenerateRequest {
            input_ids,
            input_length: input_length as u32,
            truncate: truncate.unwrap_or(self.max_input_length) as u32,
            add_special_tokens: request.add_special_tokens,
            decoder_input_details: p.decoder_input_details,
            parameters: ValidParameters {
                temperature,
                repetition_penalty,
                top_k,
                top_p,
                do_sample: p.do_sample,
                seed,
            },
            stopping_parameters: ValidStoppingParameters {
                max_new_tokens,
                max_total_new_tokens,
                stop_sequences,
                ignore_eos_token: false,
            },
            top_n_tokens,
        })
    }

    /// Validate the best_of parameter
    pub fn validate_best_of(&self, best_of: usize) -> Result<usize, ValidationError> {
        if self.max_best_of == 1 && best_of != 1 {
            return Err(ValidationError::BestOfDisabled);
        }
        if best_of > self.max_best_of {
            return Err(ValidationError::BestOf(self.max_best_of, best_of));
        }
        Ok(best_of)
    }
}
