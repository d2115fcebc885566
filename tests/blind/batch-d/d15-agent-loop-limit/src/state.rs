use crate::agent::ToolCall;

#[derive(Debug, Clone, Default, PartialEq)]
pub enum State {
    #[default]
    Pending,
    Running,
    Stopped(StopReason),
}

impl State {
    pub fn is_pending(&self) -> bool { matches!(self, State::Pending) }
    pub fn is_running(&self) -> bool { matches!(self, State::Running) }
    pub fn is_stopped(&self) -> bool { matches!(self, State::Stopped(_)) }
    pub fn stop_reason(&self) -> Option<&StopReason> {
        match self {
            State::Stopped(reason) => Some(reason),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum StopReason {
    RequestedByTool(ToolCall, Option<String>),
    ToolCallsOverLimit(ToolCall),
    Error,
    NoNewMessages,
}

impl StopReason {
    pub fn as_tool_calls_over_limit(&self) -> Option<&ToolCall> {
        match self {
            StopReason::ToolCallsOverLimit(t) => Some(t),
            _ => None,
        }
    }
}
