//! Tool registry and dispatch for a single agent run.

pub mod router;
pub mod settings;

pub use router::{ToolError, ToolRouter};
pub use settings::AgentSettings;
