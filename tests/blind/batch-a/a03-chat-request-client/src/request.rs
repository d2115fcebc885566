/// One message of the conversation sent to the provider.
#[derive(Debug, Clone)]
pub struct Message {
    pub role: String,
    pub content: String,
}

/// The body of `POST /chat/completions`.
#[derive(Debug, Clone, Default)]
pub struct ChatRequest {
    pub model: String,
    pub messages: Vec<Message>,
    /// Upper bound on generated tokens; enforced by the provider.
    pub max_tokens: Option<u32>,
    pub temperature: Option<f32>,
    pub stop: Vec<String>,
    pub stream: bool,
}

impl ChatRequest {
    pub fn builder(model: impl Into<String>) -> ChatRequestBuilder {
        ChatRequestBuilder {
            inner: ChatRequest {
                model: model.into(),
                ..ChatRequest::default()
            },
        }
    }

    /// Serialises the request the way the provider expects it.
    pub fn to_json(&self) -> String {
        let messages: Vec<String> = self
            .messages
            .iter()
            .map(|m| format!(r#"{{"role":{},"content":{}}}"#, quote(&m.role), quote(&m.content)))
            .collect();
        let mut fields = vec![
            format!(r#""model":{}"#, quote(&self.model)),
            format!(r#""messages":[{}]"#, messages.join(",")),
            format!(r#""stream":{}"#, self.stream),
        ];
        if let Some(max_tokens) = self.max_tokens {
            fields.push(format!(r#""max_tokens":{max_tokens}"#));
        }
        if let Some(t) = self.temperature {
            fields.push(format!(r#""temperature":{t}"#));
        }
        if !self.stop.is_empty() {
            let stop: Vec<String> = self.stop.iter().map(|s| quote(s)).collect();
            fields.push(format!(r#""stop":[{}]"#, stop.join(",")));
        }
        format!("{{{}}}", fields.join(","))
    }
}

pub struct ChatRequestBuilder {
    inner: ChatRequest,
}

impl ChatRequestBuilder {
    pub fn message(mut self, role: &str, content: impl Into<String>) -> Self {
        self.inner.messages.push(Message {
            role: role.to_string(),
            content: content.into(),
        });
        self
    }

    pub fn max_tokens(mut self, n: u32) -> Self {
        self.inner.max_tokens = Some(n);
        self
    }

    pub fn temperature(mut self, t: f32) -> Self {
        self.inner.temperature = Some(t);
        self
    }

    pub fn stop(mut self, s: impl Into<String>) -> Self {
        self.inner.stop.push(s.into());
        self
    }

    pub fn build(self) -> ChatRequest {
        self.inner
    }
}

fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
