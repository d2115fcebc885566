pub mod code;
pub mod completion;
pub mod openai;

pub use code::{CodeGeneration, CodeGenerationOptions, CodeGenerationOptionsBuilder};
pub use completion::{CompletionConfig, CompletionService};

#[derive(Debug, Clone, Default)]
pub struct CompletionOptions {
    pub max_decoding_tokens: i32,
    pub sampling_temperature: f32,
    pub seed: u64,
    pub presence_penalty: f32,
}

pub trait CompletionStream: Send + Sync {
    fn generate(&self, prompt: &str, options: CompletionOptions) -> Vec<String>;

    fn generate_sync(&self, prompt: &str, options: CompletionOptions) -> String {
        self.generate(prompt, options).concat()
    }
}

/// Keeps the last `max_length` bytes of the prompt (truncate from beginning).
pub fn clip_prompt(prompt: &str, max_length: usize) -> &str {
    if prompt.len() <= max_length {
        return prompt;
    }
    let mut start = prompt.len() - max_length;
    while !prompt.is_char_boundary(start) {
        start += 1;
    }
    &prompt[start..]
}
