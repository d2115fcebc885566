use crate::hooks::Session;
use crate::{Conversation, Message, Provider, ProviderUsage};

pub const DEFAULT_COMPACTION_THRESHOLD: f64 = 0.8;

pub fn compaction_threshold() -> f64 {
    std::env::var("GOOSE_AUTO_COMPACT_THRESHOLD")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_COMPACTION_THRESHOLD)
}

/// Check if messages exceed the auto-compaction threshold
pub fn check_if_compaction_needed(
    provider: &dyn Provider,
    conversation: &Conversation,
    threshold_override: Option<f64>,
    session: &Session,
) -> Result<bool, String> {
    if provider.manages_own_context() {
        return Ok(false);
    }
    let threshold = threshold_override.unwrap_or_else(compaction_threshold);
    let context_limit = provider.context_limit();

    let current_tokens = match session.total_tokens {
        Some(tokens) => tokens as usize,
        None => conversation
            .0
            .iter()
            .filter(|m| m.agent_visible)
            .map(|m| m.text.len() / 4)
            .sum(),
    };

    let usage_ratio = current_tokens as f64 / context_limit as f64;
    let needs_compaction = if threshold <= 0.0 || threshold >= 1.0 {
        false
    } else {
        usage_ratio > threshold
    };
    Ok(needs_compaction)
}

pub fn compact_messages(
    provider: &dyn Provider,
    conversation: &Conversation,
) -> Result<(Conversation, ProviderUsage), String> {
    let (summary, usage) = provider.summarize(conversation)?;
    let hide = |m: &Message| Message { agent_visible: false, ..m.clone() };
    let mut messages: Vec<Message> = conversation.0.iter().map(hide).collect();
    messages.push(Message::assistant(summary));
    Ok((Conversation(messages), usage))
}
