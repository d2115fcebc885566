//! Agent prompting with multi-turn tool calls.

pub mod agent;
pub mod completion;
pub mod prompt_request;

pub use agent::Agent;
pub use completion::{CompletionModel, CompletionRequest, CompletionResponse, Message, Usage};
pub use prompt_request::{PromptError, PromptRequest, PromptResponse};
