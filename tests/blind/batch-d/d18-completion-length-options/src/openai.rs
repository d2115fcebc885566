use crate::{CompletionOptions, CompletionStream};

/// Engine for an OpenAI-style `/completions` endpoint; the server enforces
/// `max_tokens`.
pub struct OpenAICompletionEngine<T> {
    transport: T,
    model_name: String,
    api_endpoint: String,
    support_fim: bool,
}

pub struct CompletionRequest {
    pub model: String,
    pub prompt: String,
    pub suffix: Option<String>,
    pub max_tokens: i32,
    pub temperature: f32,
    pub stream: bool,
    pub presence_penalty: f32,
}

impl CompletionRequest {
    pub fn to_json(&self) -> String {
        format!(
            "{{\"model\":{:?},\"prompt\":{:?},\"suffix\":{},\"max_tokens\":{},\"temperature\":{},\"stream\":{},\"presence_penalty\":{}}}",
            self.model,
            self.prompt,
            self.suffix.as_ref().map(|s| format!("{s:?}")).unwrap_or_else(|| "null".into()),
            self.max_tokens,
            self.temperature,
            self.stream,
            self.presence_penalty
        )
    }
}

fn split_fim_prompt(prompt: &str) -> (&str, Option<&str>) {
    match prompt.split_once("<FIM_SUFFIX>") {
        Some((prefix, suffix)) => (prefix, Some(suffix)),
        None => (prompt, None),
    }
}

impl<T> OpenAICompletionEngine<T> {
    pub fn create(transport: T, model_name: Option<String>, api_endpoint: &str, support_fim: bool) -> Self {
        let model_name = model_name.expect("model_name is required for openai/completion");
        Self {
            transport,
            model_name,
            api_endpoint: format!("{api_endpoint}/completions"),
            support_fim,
        }
    }
}

impl<T> CompletionStream for OpenAICompletionEngine<T>
where
    T: Fn(&str, String) -> Vec<String> + Send + Sync,
{
    fn generate(&self, prompt: &str, options: CompletionOptions) -> Vec<String> {
        let (prompt, suffix) = if self.support_fim {
            split_fim_prompt(prompt)
        } else {
            (prompt, None)
        };
        let request = CompletionRequest {
            model: self.model_name.clone(),
            prompt: prompt.to_owned(),
            suffix: suffix.map(|x| x.to_owned()),
            max_tokens: options.max_decoding_tokens,
            temperature: options.sampling_temperature,
            stream: true,
            presence_penalty: options.presence_penalty,
        };
        (self.transport)(&self.api_endpoint, request.to_json())
    }
}
