use std::fmt;

use crate::loop_impl::LoopError;
use crate::TokenUsage;

/// Budgets for one run. `None` disables a budget.
#[derive(Debug, Clone, Default)]
pub struct UsageLimits {
    pub max_requests: Option<u32>,
    pub max_tool_calls: Option<u32>,
    pub max_tokens: Option<u64>,
}

/// What a run has consumed so far. A run resumed from a saved session
/// starts from the saved usage.
#[derive(Debug, Clone, Default)]
pub struct RunUsage {
    pub requests_made: u32,
    pub tool_calls_made: u32,
    pub tokens_used: u64,
}

impl RunUsage {
    pub fn record_response(&mut self, usage: &TokenUsage) {
        self.requests_made += 1;
        self.tokens_used += usage.input_tokens + usage.output_tokens;
    }

    pub fn record_tool_calls(&mut self, n: u32) {
        self.tool_calls_made += n;
    }
}

impl fmt::Display for RunUsage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} requests, {} tool calls, {} tokens",
            self.requests_made, self.tool_calls_made, self.tokens_used
        )
    }
}

impl UsageLimits {
    /// Called once when a run starts (or resumes).
    pub fn check_on_start(&self, usage: &RunUsage) -> Result<(), LoopError> {
        if let Some(max) = self.max_tool_calls {
            if usage.tool_calls_made >= max {
                return Err(LoopError::UsageLimitExceeded(format!(
                    "tool call limit of {max} reached"
                )));
            }
        }
        Ok(())
    }

    /// Called before every request to the model.
    pub fn check_before_request(&self, usage: &RunUsage) -> Result<(), LoopError> { //@ BL004
        if let Some(max) = self.max_requests {
            if usage.requests_made >= max {
                return Err(LoopError::UsageLimitExceeded(format!(
                    "request limit of {max} reached"
                )));
            }
        }
        if let Some(max) = self.max_tokens {
            if usage.tokens_used >= max {
                return Err(LoopError::UsageLimitExceeded(format!(
                    "token limit of {max} reached ({} used)",
                    usage.tokens_used
                )));
            }
        }
        Ok(())
    }
}
