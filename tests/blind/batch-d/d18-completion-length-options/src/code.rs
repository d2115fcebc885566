use std::sync::Arc;

use crate::{clip_prompt, CompletionOptions, CompletionStream};

#[derive(Debug)]
pub struct CodeGenerationOptions {
    pub max_input_length: usize,
    pub max_decoding_tokens: i32,
    pub sampling_temperature: f32,
    pub seed: u64,
    pub language: Option<&'static str>,
    pub mode: String,
}

#[derive(Debug, Default)]
pub struct CodeGenerationOptionsBuilder {
    max_input_length: Option<usize>,
    max_decoding_tokens: Option<i32>,
    sampling_temperature: Option<f32>,
    seed: Option<u64>,
    language: Option<Option<&'static str>>,
    mode: Option<String>,
}

impl CodeGenerationOptionsBuilder {
    pub fn max_input_length(&mut self, v: usize) -> &mut Self { self.max_input_length = Some(v); self }
    pub fn max_decoding_tokens(&mut self, v: i32) -> &mut Self { self.max_decoding_tokens = Some(v); self }
    pub fn sampling_temperature(&mut self, v: f32) -> &mut Self { self.sampling_temperature = Some(v); self }
    pub fn seed(&mut self, v: u64) -> &mut Self { self.seed = Some(v); self }
    pub fn language(&mut self, v: Option<&'static str>) -> &mut Self { self.language = Some(v); self }
    pub fn mode(&mut self, v: String) -> &mut Self { self.mode = Some(v); self }
    pub fn build(&self) -> Result<CodeGenerationOptions, String> {
        Ok(CodeGenerationOptions {
            max_input_length: self.max_input_length.unwrap_or(1024),
            max_decoding_tokens: self.max_decoding_tokens.unwrap_or(256),
            sampling_temperature: self.sampling_temperature.unwrap_or(0.1),
            seed: self.seed.unwrap_or(0),
            language: self.language.unwrap_or(None),
            mode: self.mode.clone().unwrap_or_else(|| "standard".to_string()),
        })
    }
}

/// CodeGeneration utilizes the CompletionStream to generate code completions,
/// ceasing generation when a stop condition is met.
pub struct CodeGeneration {
    imp: Arc<dyn CompletionStream>,
    stop_words: Vec<String>,
}

impl CodeGeneration {
    pub fn new(imp: Arc<dyn CompletionStream>, additional_stop_words: Option<Vec<String>>) -> Self {
        let mut stop_words = vec!["\n\n".to_string()];
        stop_words.extend(additional_stop_words.unwrap_or_default());
        Self { imp, stop_words }
    }

    pub fn generate(&self, prompt: &str, options: CodeGenerationOptions) -> String {
        // Clip prompt by options.max_input_length (truncate from beginning)
        let prompt = if options.max_input_length > 0 {
            clip_prompt(prompt, options.max_input_length)
        } else {
            prompt
        };

        let completion_options = CompletionOptions {
            max_decoding_tokens: options.max_decoding_tokens,
            sampling_temperature: options.sampling_temperature,
            seed: options.seed,
            presence_penalty: 0.5,
        };

        if options.mode == "next_edit_suggestion" {
            return self.imp.generate_sync(prompt, completion_options);
        }

        let mut text = String::new();
        for new_text in self.imp.generate(prompt, completion_options) {
            text += &new_text;
            if let Some(pos) = self.stop_words.iter().filter_map(|w| text.find(w.as_str())).min() {
                text.truncate(pos);
                break;
            }
        }
        text
    }
}
