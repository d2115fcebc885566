pub mod backoff;
pub mod config;
pub mod conversation_summarizer;

pub use config::{BackoffConfiguration, Config};
pub use conversation_summarizer::ConversationSummarizer;

#[derive(Debug, Clone, PartialEq)]
pub enum ChatMessage {
    System(String),
    User(String),
    Assistant(String),
    Summary(String),
}

impl ChatMessage {
    pub fn is_user(&self) -> bool {
        matches!(self, ChatMessage::User(_))
    }
    pub fn is_assistant(&self) -> bool {
        matches!(self, ChatMessage::Assistant(_))
    }
}

pub trait ChatCompletion: Send + Sync {
    fn complete(&self, messages: &[ChatMessage]) -> Result<Option<String>, String>;
}

/// The bits of a running agent the after-each hook needs.
pub struct Agent {
    pub history: Vec<ChatMessage>,
    pub stopped: bool,
}

impl Agent {
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }
    pub fn add_message(&mut self, message: ChatMessage) {
        self.history.push(message);
    }
}
