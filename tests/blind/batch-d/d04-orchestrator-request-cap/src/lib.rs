pub mod agent;
pub mod orch;
pub mod tool_call;

pub use agent::{Agent, ForgeConfig};
pub use orch::{ChatResponse, InterruptionReason, Orchestrator};
pub use tool_call::ToolErrorTracker;
