use crate::estimate_token_length;

const PER_MESSAGES_TOKENS: usize = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageRole {
    System,
    Assistant,
    User,
}

impl MessageRole {
    pub fn is_user(&self) -> bool {
        *self == MessageRole::User
    }
}

#[derive(Debug, Clone)]
pub enum MessageContent {
    Text(String),
}

impl MessageContent {
    pub fn to_text(&self) -> String {
        let MessageContent::Text(text) = self;
        text.clone()
    }
}

#[derive(Debug, Clone)]
pub struct Message {
    pub role: MessageRole,
    pub content: MessageContent,
}

impl Message {
    pub fn new(role: MessageRole, content: MessageContent) -> Self { Self { role, content } }
}

#[derive(Debug, Clone, Default)]
pub struct ModelData {
    pub name: String,
    pub max_input_tokens: Option<usize>,
}

#[derive(Debug, Clone, Default)]
pub struct Model {
    client_name: String,
    data: ModelData,
}

impl Model {
    pub fn new(client_name: &str, data: ModelData) -> Self {
        Self { client_name: client_name.into(), data }
    }

    pub fn id(&self) -> String { format!("{}:{}", self.client_name, self.data.name) }

    pub fn max_input_tokens(&self) -> Option<usize> {
        self.data.max_input_tokens
    }

    pub fn total_tokens(&self, messages: &[Message]) -> usize {
        if messages.is_empty() {
            return 0;
        }
        let num_messages = messages.len();
        let message_tokens: usize =
            messages.iter().map(|v| estimate_token_length(&v.content.to_text())).sum();
        if messages[num_messages - 1].role.is_user() {
            num_messages * PER_MESSAGES_TOKENS + message_tokens
        } else {
            (num_messages - 1) * PER_MESSAGES_TOKENS + message_tokens
        }
    }
}
