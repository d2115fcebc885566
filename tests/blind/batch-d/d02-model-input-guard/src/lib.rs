pub mod model;
pub mod openai;
pub mod rag;

pub use model::{Message, Model, ModelData, ModelType};

pub fn estimate_token_length(text: &str) -> usize {
    let words = text.split_whitespace().count() as f32;
    (words * 1.3).ceil() as usize
}

/// Stand-in for `config::input::Input::prepare_completion_data`.
pub struct ChatCompletionsData {
    pub messages: Vec<Message>,
    pub temperature: Option<f64>,
    pub stream: bool,
}

pub fn prepare_completion_data(
    model: &Model,
    messages: Vec<Message>,
    temperature: Option<f64>,
    stream: bool,
) -> Result<ChatCompletionsData, String> {
    model.guard_max_input_tokens(&messages)?;
    Ok(ChatCompletionsData {
        messages,
        temperature,
        stream,
    })
}
