//! Options sent with every completion request.

/// Options passed to the model provider with each call.
#[derive(Debug, Clone, Default)]
pub struct CallOptions {
    pub candidate_count: Option<usize>,
    pub max_tokens: Option<u32>,
    pub temperature: Option<f32>,
    pub stop_words: Option<Vec<String>>,
    pub top_p: Option<f32>,
    pub seed: Option<usize>,
}

impl CallOptions {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_max_tokens(mut self, max_tokens: u32) -> Self {
        self.max_tokens = Some(max_tokens);
        self
    }

    pub fn with_temperature(mut self, temperature: f32) -> Self {
        self.temperature = Some(temperature);
        self
    }

    pub fn with_stop_words(mut self, stop_words: Vec<String>) -> Self {
        self.stop_words = Some(stop_words);
        self
    }
}

/// A chat completion request as sent over the wire.
#[derive(Debug, Clone)]
pub struct ChatRequest {
    pub model: String,
    pub prompt: String,
    pub options: CallOptions,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

impl ChatRequest {
    pub fn new(model: &str, prompt: String, options: &CallOptions) -> Self {
        ChatRequest { model: model.to_string(), prompt, options: options.clone() }
    }

    /// The JSON body posted to `/v1/chat/completions`.
    pub fn to_json(&self) -> String {
        let mut fields = vec![
            format!("\"model\":\"{}\"", escape(&self.model)),
            format!(
                "\"messages\":[{{\"role\":\"user\",\"content\":\"{}\"}}]",
                escape(&self.prompt)
            ),
        ];
        let o = &self.options;
        if let Some(n) = o.candidate_count {
            fields.push(format!("\"n\":{n}"));
        }
        if let Some(max_tokens) = o.max_tokens {
            fields.push(format!("\"max_tokens\":{max_tokens}"));
        }
        if let Some(t) = o.temperature {
            fields.push(format!("\"temperature\":{t}"));
        }
        if let Some(p) = o.top_p {
            fields.push(format!("\"top_p\":{p}"));
        }
        if let Some(seed) = o.seed {
            fields.push(format!("\"seed\":{seed}"));
        }
        if let Some(stop) = &o.stop_words {
            let stop: Vec<String> = stop.iter().map(|s| format!("\"{}\"", escape(s))).collect();
            fields.push(format!("\"stop\":[{}]", stop.join(",")));
        }
        format!("{{{}}}", fields.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_tokens_is_sent() {
        let opts = CallOptions::new().with_max_tokens(256).with_temperature(0.0);
        let body = ChatRequest::new("m", "hi".into(), &opts).to_json();
        assert!(body.contains("\"max_tokens\":256"));
    }
}
