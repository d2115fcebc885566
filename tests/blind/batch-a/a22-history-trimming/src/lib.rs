//! Trims a chat history to a token budget before each request, dropping the
//! oldest unpinned turns first.

#[derive(Debug, Clone, PartialEq)]
pub enum Role {
    System,
    User,
    Assistant,
    Tool,
}

#[derive(Debug, Clone)]
pub struct Turn {
    pub role: Role,
    pub text: String,
    pub tokens: usize,
}

impl Turn {
    pub fn new(role: Role, text: impl Into<String>) -> Self {
        let text = text.into();
        let tokens = estimate_tokens(&text);
        Self { role, text, tokens }
    }

    /// System turns are never dropped.
    pub fn pinned(&self) -> bool {
        self.role == Role::System
    }
}

/// About four characters per token, plus per-message overhead.
pub fn estimate_tokens(text: &str) -> usize {
    text.chars().count().div_ceil(4) + 4
}

#[derive(Debug, Clone)]
pub struct TrimPolicy {
    /// Tokens the history may occupy in a request.
    pub history_tokens: usize,
    /// Most recent turns that are kept even when over budget.
    pub keep_recent: usize,
}

/// Drops old turns until the history fits; returns how many were dropped.
pub fn trim(history: &mut Vec<Turn>, policy: &TrimPolicy) -> usize {
    let mut total: usize = history.iter().map(|t| t.tokens).sum();
    let mut dropped = 0;
    let mut i = 0;
    while total > policy.history_tokens && i < history.len().saturating_sub(policy.keep_recent) {
        if history[i].pinned() {
            i += 1;
            continue;
        }
        let removed = history.remove(i);
        total -= removed.tokens;
        dropped += 1;
    }
    dropped
}

/// The longest suffix of `history` that fits in `budget`, for previews.
pub fn fitting_tail(history: &[Turn], budget: usize) -> &[Turn] {
    let mut remaining = budget;
    let mut start = history.len();
    for (i, turn) in history.iter().enumerate().rev() {
        if turn.tokens > remaining {
            break;
        }
        remaining -= turn.tokens;
        start = i;
    }
    &history[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_oldest_first_and_keeps_system() {
        let mut history = vec![
            Turn::new(Role::System, "be brief"),
            Turn::new(Role::User, "a".repeat(400)),
            Turn::new(Role::Assistant, "b".repeat(400)),
            Turn::new(Role::User, "c".repeat(40)),
        ];
        let policy = TrimPolicy { history_tokens: 100, keep_recent: 1 };
        let dropped = trim(&mut history, &policy);
        assert_eq!(dropped, 2);
        assert_eq!(history[0].role, Role::System);
        assert_eq!(fitting_tail(&history, 15).len(), 1);
    }
}
