/// Limits the operator sets for one agent run.
#[derive(Debug, Clone)]
pub struct AgentSettings {
    pub model: String,
    /// Upper bound on tool invocations in one run, across all tools.
    pub max_tool_calls: u32,
    /// Upper bound on invocations of any single tool in one run.
    pub per_tool_cap: u32,
}

impl Default for AgentSettings {
    fn default() -> Self {
        Self {
            model: "gpt-4.1-mini".to_string(),
            max_tool_calls: 40,
            per_tool_cap: 10,
        }
    }
}

impl AgentSettings {
    /// Reads overrides such as `AGENT_MAX_TOOL_CALLS=25` from the environment.
    pub fn from_env() -> Self {
        let mut settings = Self::default();
        if let Ok(model) = std::env::var("AGENT_MODEL") {
            settings.model = model;
        }
        if let Some(n) = read_u32("AGENT_MAX_TOOL_CALLS") {
            settings.max_tool_calls = n;
        }
        if let Some(n) = read_u32("AGENT_PER_TOOL_CAP") {
            settings.per_tool_cap = n;
        }
        settings
    }
}

fn read_u32(key: &str) -> Option<u32> {
    std::env::var(key).ok()?.trim().parse().ok()
}
