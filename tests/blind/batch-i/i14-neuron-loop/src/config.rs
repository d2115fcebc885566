//! Configuration types for the agentic loop.

/// Token and call budgets for one run of the loop. Every limit is optional.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UsageLimits {
    /// Maximum number of provider requests.
    pub request_limit: Option<usize>,
    /// Maximum number of tool calls, across all turns.
    pub tool_calls_limit: Option<usize>,
    /// Maximum cumulative input tokens.
    pub input_tokens_limit: Option<u64>,
    /// Maximum cumulative output tokens.
    pub output_tokens_limit: Option<u64>,
    /// Maximum cumulative input plus output tokens.
    pub total_tokens_limit: Option<u64>,
}

/// Configuration for the agentic loop.
#[derive(Debug, Clone)]
pub struct LoopConfig {
    /// The system prompt for the LLM provider.
    pub system_prompt: String,
    /// Maximum number of turns before the loop terminates.
    /// `None` means no limit.
    pub max_turns: Option<usize>,
    /// Usage budgets; `None` means unlimited.
    pub usage_limits: Option<UsageLimits>,
    /// The model's context window, in tokens.
    pub context_window: u64,
    /// Fraction of the context window at which older messages are compacted.
    pub compact_threshold: f64,
}

impl Default for LoopConfig {
    fn default() -> Self {
        Self {
            system_prompt: String::new(),
            max_turns: None,
            usage_limits: None,
            context_window: 200_000,
            compact_threshold: 0.8,
        }
    }
}
