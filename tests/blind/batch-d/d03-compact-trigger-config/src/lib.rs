pub mod agent;
pub mod compact;
pub mod compact_config;

pub use compact_config::Compact;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    System,
    User,
    Assistant,
}

#[derive(Debug, Clone)]
pub struct ContextMessage {
    pub role: Role,
    pub content: String,
    pub has_tool_calls: bool,
}

impl ContextMessage {
    pub fn has_role(&self, role: Role) -> bool { self.role == role }
    pub fn token_count_approx(&self) -> usize { self.content.len().div_ceil(4) }
}

#[derive(Debug, Clone, Default)]
pub struct Context {
    pub messages: Vec<ContextMessage>,
}

impl Context {
    pub fn token_count(&self) -> usize {
        self.messages.iter().map(|m| m.token_count_approx()).sum()
    }
}
