use crate::usage::UsageLimits;

/// Configuration for the agentic loop.
#[derive(Debug, Clone, Default)]
pub struct LoopConfig {
    /// The system prompt for the LLM provider.
    pub system_prompt: String,
    /// Maximum number of turns before the loop terminates.
    /// `None` means no limit.
    pub max_turns: Option<usize>,
    /// Whether to execute tool calls in parallel when multiple are returned.
    pub parallel_tool_execution: bool,
    /// Request, tool-call and token budgets for one run.
    pub usage_limits: Option<UsageLimits>,
}
