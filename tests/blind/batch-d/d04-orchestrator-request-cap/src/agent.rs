/// Top-level configuration read from the environment.
#[derive(Debug, Clone, Default)]
pub struct ForgeConfig {
    pub max_tool_failure_per_turn: Option<usize>,
    pub max_requests_per_turn: Option<usize>,
}

fn env<T: std::str::FromStr>(key: &str) -> Option<T> {
    std::env::var(key).ok().and_then(|v| v.parse().ok())
}

impl ForgeConfig {
    pub fn from_env() -> Self {
        Self {
            max_tool_failure_per_turn: env("FORGE_MAX_TOOL_FAILURE_PER_TURN"),
            max_requests_per_turn: env("FORGE_MAX_REQUESTS_PER_TURN"),
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct Agent {
    pub id: String,
    pub model: String,
    /// Maximum number of times a tool can fail before the orchestrator
    /// forces the completion.
    pub max_tool_failure_per_turn: Option<usize>,
    /// Maximum number of requests that can be made in a single turn
    pub max_requests_per_turn: Option<usize>,
}

impl Agent {
    /// For `max_tool_failure_per_turn` and `max_requests_per_turn` the
    /// agent's own value takes priority.
    pub fn apply_config(self, config: &ForgeConfig) -> Agent {
        let mut agent = self;
        if agent.max_tool_failure_per_turn.is_none() {
            if let Some(max_tool_failure_per_turn) = config.max_tool_failure_per_turn {
                agent.max_tool_failure_per_turn = Some(max_tool_failure_per_turn);
            }
        }
        if agent.max_requests_per_turn.is_none() {
            if let Some(max_requests_per_turn) = config.max_requests_per_turn {
                agent.max_requests_per_turn = Some(max_requests_per_turn);
            }
        }
        agent
    }
}
