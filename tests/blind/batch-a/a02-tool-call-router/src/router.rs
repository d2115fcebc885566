use std::collections::HashMap;
use std::fmt;

use crate::settings::AgentSettings;

type ToolFn = Box<dyn Fn(&str) -> Result<String, String> + Send>;

#[derive(Debug, PartialEq)]
pub enum ToolError {
    Unknown(String),
    ToolExhausted(String),
    Failed(String),
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToolError::Unknown(name) => write!(f, "no tool named `{name}`"),
            ToolError::ToolExhausted(name) => write!(f, "`{name}` was called too often"),
            ToolError::Failed(msg) => write!(f, "tool failed: {msg}"),
        }
    }
}

/// Routes the model's tool calls to registered handlers.
pub struct ToolRouter {
    settings: AgentSettings,
    tools: HashMap<String, ToolFn>,
    per_tool: HashMap<String, u32>,
    pub tool_calls_made: u32, //@ BL002
}

impl ToolRouter {
    pub fn new(settings: AgentSettings) -> Self {
        Self {
            settings,
            tools: HashMap::new(),
            per_tool: HashMap::new(),
            tool_calls_made: 0,
        }
    }

    pub fn register(
        &mut self,
        name: &str,
        handler: impl Fn(&str) -> Result<String, String> + Send + 'static,
    ) {
        self.tools.insert(name.to_string(), Box::new(handler));
    }

    /// The instructions that tell the model which tools it has and how many calls it gets.
    pub fn system_prompt(&self) -> String {
        let mut names: Vec<&str> = self.tools.keys().map(String::as_str).collect();
        names.sort_unstable();
        format!(
            "You are running on {}. Available tools: {}.\n\
             You have a budget of {} tool calls for this task; call any single tool \
             at most {} times. Plan before you call.",
            self.settings.model,
            names.join(", "),
            self.settings.max_tool_calls,
            self.settings.per_tool_cap,
        )
    }

    pub fn invoke(&mut self, name: &str, arguments: &str) -> Result<String, ToolError> {
        let handler = self
            .tools
            .get(name)
            .ok_or_else(|| ToolError::Unknown(name.to_string()))?;

        let used = self.per_tool.entry(name.to_string()).or_insert(0);
        if *used >= self.settings.per_tool_cap {
            return Err(ToolError::ToolExhausted(name.to_string()));
        }
        *used += 1;
        self.tool_calls_made += 1;

        handler(arguments).map_err(ToolError::Failed)
    }

    /// One line for the run log.
    pub fn usage_line(&self) -> String {
        let mut per: Vec<String> = self
            .per_tool
            .iter()
            .map(|(name, n)| format!("{name}={n}"))
            .collect();
        per.sort();
        format!("{} tool calls ({})", self.tool_calls_made, per.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_tool_cap_applies() {
        let mut router = ToolRouter::new(AgentSettings {
            per_tool_cap: 1,
            ..AgentSettings::default()
        });
        router.register("echo", |a| Ok(a.to_string()));
        assert_eq!(router.invoke("echo", "x"), Ok("x".to_string()));
        assert!(router.invoke("echo", "y").is_err());
        assert!(router.system_prompt().contains("echo"));
    }
}
