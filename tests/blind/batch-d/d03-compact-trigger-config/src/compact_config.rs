use crate::{Context, Role};

/// Configuration for automatic context compaction.
#[derive(Debug, Clone, PartialEq)]
pub struct Compact {
    /// Number of most recent messages to preserve during compaction.
    pub retention_window: usize,
    /// Maximum percentage of the context that can be summarized (0.0 - 1.0).
    pub eviction_window: f64,
    /// Maximum number of tokens to keep after compaction.
    pub max_tokens: Option<usize>, //@? BL003
    /// Maximum number of tokens before triggering compaction.
    pub token_threshold: Option<usize>,
    /// Maximum number of conversation turns before triggering compaction.
    pub turn_threshold: Option<usize>,
    /// Maximum number of messages before triggering compaction.
    pub message_threshold: Option<usize>,
    /// Model ID to use for compaction.
    pub model: Option<String>,
}

impl Default for Compact {
    fn default() -> Self {
        Self {
            max_tokens: None,
            token_threshold: None,
            turn_threshold: None,
            message_threshold: None,
            model: None,
            eviction_window: 0.2, // Default to 20% compaction
            retention_window: 0,
        }
    }
}

impl Compact {
    /// Merge strategy: windows overwrite, options only when `other` has one.
    pub fn merge(&mut self, other: Compact) {
        self.retention_window = other.retention_window;
        self.eviction_window = other.eviction_window;
        self.max_tokens = other.max_tokens.or(self.max_tokens);
        self.token_threshold = other.token_threshold.or(self.token_threshold);
        self.turn_threshold = other.turn_threshold.or(self.turn_threshold);
        self.message_threshold = other.message_threshold.or(self.message_threshold);
        self.model = other.model.or(self.model.take());
    }

    pub fn should_compact(&self, context: &Context, token_count: usize) -> bool {
        self.should_compact_due_to_tokens(token_count)
            || self.should_compact_due_to_turns(context)
            || self.should_compact_due_to_messages(context)
    }

    fn should_compact_due_to_tokens(&self, token_count: usize) -> bool {
        if let Some(token_threshold) = self.token_threshold {
            // use provided prompt_tokens if available, otherwise estimate token count
            token_count >= token_threshold
        } else {
            false
        }
    }

    fn should_compact_due_to_turns(&self, context: &Context) -> bool {
        if let Some(turn_threshold) = self.turn_threshold {
            context
                .messages
                .iter()
                .filter(|message| message.has_role(Role::User))
                .count()
                >= turn_threshold
        } else {
            false
        }
    }

    fn should_compact_due_to_messages(&self, context: &Context) -> bool {
        if let Some(message_threshold) = self.message_threshold {
            let msg_count = context.messages.len();
            msg_count >= message_threshold
        } else {
            false
        }
    }
}
