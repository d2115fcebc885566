pub mod agent;
pub mod state;

pub use agent::{Agent, AgentBuilder, AgentError, ChatCompletion, Hook, Tool, ToolCall, ToolOutput};
pub use state::{State, StopReason};
