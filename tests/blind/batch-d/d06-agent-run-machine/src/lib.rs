pub mod run;
pub mod usage;

pub use run::{AgentRun, AgentRunStep, InvalidToolCallAction, ModelTurn, PromptError};
pub use usage::Usage;
