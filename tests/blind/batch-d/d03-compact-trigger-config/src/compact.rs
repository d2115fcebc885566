use crate::compact_config::Compact;
use crate::{Context, ContextMessage, Role};

/// Strategy for context compaction that unifies different compaction approaches
#[derive(Debug, Clone)]
pub enum CompactionStrategy {
    /// Retention based on percentage of tokens
    Evict(f64),
    /// Retention based on fixed tokens
    Retain(usize),
    /// Selects the strategy with minimum retention
    Min(Box<CompactionStrategy>, Box<CompactionStrategy>),
}

impl CompactionStrategy {
    fn to_fixed(&self, context: &Context) -> usize {
        match self {
            CompactionStrategy::Evict(percentage) => {
                let percentage = percentage.min(1.0);
                let total_tokens = context.token_count();
                let mut eviction_budget: usize =
                    (percentage * total_tokens as f64).ceil() as usize;

                let range = context
                    .messages
                    .iter()
                    .enumerate()
                    // Skip system message
                    .filter(|m| !m.1.has_role(Role::System))
                    .find(|(_, m)| {
                        eviction_budget = eviction_budget.saturating_sub(m.token_count_approx());
                        eviction_budget == 0
                    });

                match range {
                    Some((i, _)) => i,
                    None => context.messages.len().saturating_sub(1),
                }
            }
            CompactionStrategy::Retain(fixed) => *fixed,
            CompactionStrategy::Min(a, b) => a.to_fixed(context).min(b.to_fixed(context)),
        }
    }

    /// From the first assistant message up to the preservation window.
    pub fn eviction_range(&self, context: &Context) -> Option<(usize, usize)> {
        let max_retention = self.to_fixed(context);
        let messages = &context.messages;
        let length = messages.len();
        let start = messages.iter().position(|m| m.has_role(Role::Assistant))?;
        if max_retention >= length {
            return None;
        }
        let mut end = length.saturating_sub(max_retention).saturating_sub(1);
        if start > end {
            return None;
        }
        // Don't break between a tool call and its result
        if messages[end].has_tool_calls {
            if end == start {
                return None;
            }
            end -= 1;
        }
        Some((start, end))
    }
}

/// A service dedicated to handling context compaction.
pub struct Compactor {
    compact: Compact,
    cwd: String,
}

impl Compactor {
    pub fn new(compact: Compact, cwd: impl Into<String>) -> Self { Self { compact, cwd: cwd.into() } }

    /// Apply compaction to the context if requested.
    pub fn compact(&self, context: Context, max: bool) -> Context {
        let eviction = CompactionStrategy::Evict(self.compact.eviction_window);
        let retention = CompactionStrategy::Retain(self.compact.retention_window);

        let strategy = if max {
            retention
        } else {
            CompactionStrategy::Min(Box::new(eviction), Box::new(retention))
        };

        match strategy.eviction_range(&context) {
            Some(sequence) => self.compress_single_sequence(context, sequence),
            None => context,
        }
    }

    fn compress_single_sequence(&self, mut context: Context, (start, end): (usize, usize)) -> Context {
        let lines: Vec<String> =
            context.messages[start..=end].iter().map(|m| m.content.replace(&self.cwd, ".")).collect();
        let content = format!("<summary>\n{}\n</summary>", lines.join("\n"));
        let summary = ContextMessage { role: Role::User, content, has_tool_calls: false };
        context.messages.splice(start..=end, std::iter::once(summary));
        context
    }
}
