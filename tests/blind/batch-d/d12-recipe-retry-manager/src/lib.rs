pub mod retry;
pub mod types;

#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub role: &'static str,
    pub text: String,
    pub agent_only: bool,
}

impl Message {
    pub fn assistant(text: impl Into<String>) -> Self {
        Self { role: "assistant", text: text.into(), agent_only: false }
    }

    pub fn user(text: impl Into<String>) -> Self {
        Self { role: "user", text: text.into(), agent_only: false }
    }

    pub fn agent_only(mut self) -> Self {
        self.agent_only = true;
        self
    }
}

/// Detects the model calling the same tool with the same arguments in a row.
#[derive(Debug, Default)]
pub struct RepetitionInspector {
    last_call: Option<String>,
}

impl RepetitionInspector {
    pub fn last_call(&self) -> Option<&str> {
        self.last_call.as_deref()
    }

    pub fn reset(&mut self) {
        self.last_call = None;
    }
}
