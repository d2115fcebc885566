use std::fmt;

/// Per-session settings handed in by the host application.
#[derive(Debug, Clone)]
pub struct SessionConfig {
    pub id: String,
    pub system_prompt: String,
    /// `None` defers to `AGENT_MAX_TURNS` or the built-in default.
    pub max_turns: Option<u32>,
}

impl Default for SessionConfig {
    fn default() -> Self {
        Self {
            id: "local".to_string(),
            system_prompt: "You are a helpful coding agent.".to_string(),
            max_turns: None,
        }
    }
}

/// A snapshot taken after the loop ends, for the status bar and telemetry.
#[derive(Debug, Clone)]
pub struct RunSummary {
    pub session_id: String,
    pub turns_used: u32,
    pub max_turns: u32,
    pub tools_dispatched: u32,
}

impl fmt::Display for RunSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}/{} turns, {} tool calls",
            self.session_id, self.turns_used, self.max_turns, self.tools_dispatched
        )?;
        if self.turns_used >= self.max_turns {
            write!(f, " (turn limit reached)")?;
        }
        Ok(())
    }
}
