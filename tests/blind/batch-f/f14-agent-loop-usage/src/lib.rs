//! Agentic while loop: composes a provider, a tool registry and a context
//! strategy into a loop that runs until the model answers or a limit is hit.

pub mod config;
pub mod loop_impl;
pub mod types;

pub use config::LoopConfig;
pub use loop_impl::{AgentLoop, AgentLoopBuilder, AgentResult};
