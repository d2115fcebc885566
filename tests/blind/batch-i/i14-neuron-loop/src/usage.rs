//! Usage accounting and limit checks.

use std::fmt::Display;

use crate::config::UsageLimits;
use crate::{LoopError, TokenUsage};

/// Running totals for one run of the loop. They are saved with the
/// conversation, so a resumed run keeps counting where it stopped.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UsageCounters {
    pub requests: usize,
    pub tool_calls: usize,
    pub input_tokens: u64,
    pub output_tokens: u64,
}

impl UsageCounters {
    /// Accumulate one provider response.
    pub fn record_response(&mut self, usage: &TokenUsage) {
        self.requests += 1;
        self.input_tokens += usage.input_tokens;
        self.output_tokens += usage.output_tokens;
    }

    /// Accumulate the tool calls executed in one turn.
    pub fn record_tool_calls(&mut self, count: usize) {
        self.tool_calls += count;
    }
}

fn exceeded(what: &str, max: impl Display, used: impl Display) -> LoopError {
    LoopError::UsageLimitExceeded(format!("{what} limit of {max} reached (used {used})"))
}

/// Checked before every provider request.
pub fn check_turn_limits(limits: &UsageLimits, usage: &UsageCounters) -> Result<(), LoopError> { //@ BL004
    if let Some(max) = limits.request_limit {
        if usage.requests >= max {
            return Err(exceeded("request", max, usage.requests));
        }
    }
    if let Some(max) = limits.input_tokens_limit {
        if usage.input_tokens > max {
            return Err(exceeded("input token", max, usage.input_tokens));
        }
    }
    if let Some(max) = limits.output_tokens_limit {
        if usage.output_tokens > max {
            return Err(exceeded("output token", max, usage.output_tokens));
        }
    }
    if let Some(max) = limits.total_tokens_limit {
        let total = usage.input_tokens + usage.output_tokens;
        if total > max {
            return Err(exceeded("total token", max, total));
        }
    }
    Ok(())
}

/// Checked once when a saved run is resumed: a run that already spent any of
/// its budgets is not restarted.
pub fn check_all_limits(limits: &UsageLimits, usage: &UsageCounters) -> Result<(), LoopError> {
    check_turn_limits(limits, usage)?;
    if let Some(max) = limits.tool_calls_limit {
        if usage.tool_calls >= max {
            return Err(exceeded("tool call", max, usage.tool_calls));
        }
    }
    Ok(())
}
