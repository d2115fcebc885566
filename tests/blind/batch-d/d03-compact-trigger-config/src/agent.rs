use crate::compact::Compactor;
use crate::compact_config::Compact;
use crate::Context;

#[derive(Debug, Clone, Default)]
pub struct CompactConfig {
    pub retention_window: usize,
    pub eviction_window: f64,
    pub max_tokens: Option<usize>, //@? BL003
    pub token_threshold: Option<usize>,
    pub turn_threshold: Option<usize>,
    pub message_threshold: Option<usize>,
    pub model: Option<String>,
}

impl CompactConfig {
    pub fn from_env() -> Option<Self> {
        fn env<T: std::str::FromStr>(key: &str) -> Option<T> {
            std::env::var(key).ok().and_then(|v| v.parse().ok())
        }
        env::<bool>("FORGE_COMPACT").filter(|on| *on)?;
        Some(Self {
            retention_window: env("FORGE_COMPACT_RETENTION_WINDOW").unwrap_or(6),
            eviction_window: env("FORGE_COMPACT_EVICTION_WINDOW").unwrap_or(0.2),
            max_tokens: env("FORGE_COMPACT_MAX_TOKENS"),
            token_threshold: env("FORGE_COMPACT_TOKEN_THRESHOLD"),
            turn_threshold: env("FORGE_COMPACT_TURN_THRESHOLD"),
            message_threshold: env("FORGE_COMPACT_MESSAGE_THRESHOLD"),
            model: env("FORGE_COMPACT_MODEL"),
        })
    }
}

#[derive(Debug, Clone, Default)]
pub struct Agent {
    pub id: String,
    pub compact: Compact,
}

impl Agent {
    /// Applies workflow-level configuration overrides to this agent.
    pub fn apply_config(self, compact: Option<&CompactConfig>) -> Agent {
        let mut agent = self;
        if let Some(workflow_compact) = compact {
            // Agent settings take priority over workflow settings.
            let mut merged_compact = Compact {
                retention_window: workflow_compact.retention_window,
                eviction_window: workflow_compact.eviction_window,
                max_tokens: workflow_compact.max_tokens,
                token_threshold: workflow_compact.token_threshold,
                turn_threshold: workflow_compact.turn_threshold,
                message_threshold: workflow_compact.message_threshold,
                model: workflow_compact.model.clone(),
            };
            merged_compact.merge(agent.compact.clone());
            agent.compact = merged_compact;
        }
        agent
    }
}

/// Hook handler that performs context compaction when needed.
pub struct CompactionHandler {
    pub agent: Agent,
    pub cwd: String,
}

impl CompactionHandler {
    pub fn handle(&self, context: &mut Option<Context>) {
        if let Some(ctx) = context {
            let token_count = ctx.token_count();
            if self.agent.compact.should_compact(ctx, token_count) {
                let compactor = Compactor::new(self.agent.compact.clone(), self.cwd.clone());
                *context = Some(compactor.compact(ctx.clone(), false));
            }
        }
    }
}
