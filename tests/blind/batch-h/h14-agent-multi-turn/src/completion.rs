use std::fmt;
use std::ops::AddAssign;

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    User { content: String },
    Assistant { content: Vec<AssistantContent> },
    ToolResult { id: String, content: String },
}

#[derive(Debug, Clone, PartialEq)]
pub enum AssistantContent {
    Text(String),
    ToolCall { id: String, name: String, arguments: String },
}

/// Token usage reported by the provider for one call, or summed over a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub total_tokens: u64,
}

impl Usage {
    pub fn new() -> Self {
        Self::default()
    }
}

impl AddAssign for Usage {
    fn add_assign(&mut self, other: Self) {
        self.input_tokens += other.input_tokens;
        self.output_tokens += other.output_tokens;
        self.total_tokens += other.total_tokens;
    }
}

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in={} out={} total={}", self.input_tokens, self.output_tokens, self.total_tokens)
    }
}

/// The body sent to the provider's chat endpoint.
#[derive(Debug, Clone)]
pub struct CompletionRequest {
    pub model: String,
    pub preamble: Option<String>,
    pub chat_history: Vec<Message>,
    pub tools: Vec<String>,
    pub temperature: Option<f64>,
    pub max_tokens: Option<u64>,
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

impl CompletionRequest {
    /// Serializes the request the way the provider expects it.
    pub fn to_json(&self) -> String {
        let mut fields = vec![format!("\"model\":\"{}\"", esc(&self.model))];
        if let Some(p) = &self.preamble {
            fields.push(format!("\"system\":\"{}\"", esc(p)));
        }
        let msgs: Vec<String> = self
            .chat_history
            .iter()
            .map(|m| match m {
                Message::User { content } => format!("{{\"role\":\"user\",\"content\":\"{}\"}}", esc(content)),
                Message::Assistant { content } => format!("{{\"role\":\"assistant\",\"parts\":{}}}", content.len()),
                Message::ToolResult { id, content } => {
                    format!("{{\"role\":\"tool\",\"tool_call_id\":\"{}\",\"content\":\"{}\"}}", esc(id), esc(content))
                }
            })
            .collect();
        fields.push(format!("\"messages\":[{}]", msgs.join(",")));
        if !self.tools.is_empty() {
            let tools: Vec<String> = self.tools.iter().map(|t| format!("\"{}\"", esc(t))).collect();
            fields.push(format!("\"tools\":[{}]", tools.join(",")));
        }
        if let Some(t) = self.temperature {
            fields.push(format!("\"temperature\":{t}"));
        }
        if let Some(m) = self.max_tokens {
            fields.push(format!("\"max_tokens\":{m}"));
        }
        format!("{{{}}}", fields.join(","))
    }
}

#[derive(Debug, Clone)]
pub struct CompletionResponse {
    pub choice: Vec<AssistantContent>,
    pub usage: Usage,
}

#[derive(Debug)]
pub struct CompletionError(pub String);

pub trait CompletionModel {
    fn completion(&self, request: CompletionRequest) -> Result<CompletionResponse, CompletionError>;
}
