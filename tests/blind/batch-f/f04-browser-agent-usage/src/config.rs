//! Configuration types for the agent.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Usage limits for controlling agent resource consumption.
#[derive(Debug, Clone, Default)]
pub struct UsageLimits {
    pub max_total_tokens: Option<u64>,
    pub max_llm_calls: Option<u64>,
    /// Maximum web browser calls (Chrome/WebDriver combined).
    pub max_webbrowser_calls: Option<u64>,
    pub max_custom_tool_calls: Option<u64>,
    pub max_tool_calls: Option<u64>,
}

impl UsageLimits {
    pub fn with_max_webbrowser_calls(mut self, limit: u64) -> Self {
        self.max_webbrowser_calls = Some(limit);
        self
    }
}

/// Type of limit that was exceeded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LimitType {
    TotalTokens { used: u64, limit: u64 },
    LlmCalls { used: u64, limit: u64 },
    WebbrowserCalls { used: u64, limit: u64 },
    CustomToolCalls { used: u64, limit: u64 },
    ToolCalls { used: u64, limit: u64 },
}

impl std::fmt::Display for LimitType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (what, used, limit) = match self {
            Self::TotalTokens { used, limit } => ("total tokens", used, limit),
            Self::LlmCalls { used, limit } => ("LLM calls", used, limit),
            Self::WebbrowserCalls { used, limit } => ("web browser calls", used, limit),
            Self::CustomToolCalls { used, limit } => ("custom tool calls", used, limit),
            Self::ToolCalls { used, limit } => ("tool calls", used, limit),
        };
        write!(f, "{what} ({used} used, {limit} limit)")
    }
}

/// Agent configuration.
#[derive(Debug, Clone)]
pub struct AgentConfig {
    /// Max concurrent LLM calls.
    pub max_concurrent_llm_calls: usize,
    /// Max tokens for LLM response.
    pub max_tokens: u16,
    /// Request timeout.
    pub timeout: Duration,
    /// Max HTML bytes to send to LLM.
    pub html_max_bytes: usize,
    /// Usage limits for resource control.
    pub limits: UsageLimits,
}

impl Default for AgentConfig {
    fn default() -> Self {
        Self {
            max_concurrent_llm_calls: 5,
            max_tokens: 4096,
            timeout: Duration::from_secs(60),
            html_max_bytes: 24_000,
            limits: UsageLimits::default(),
        }
    }
}

/// Usage statistics for tracking agent operations (atomic counters for lock-free updates).
#[derive(Debug, Default)]
pub struct UsageStats {
    pub prompt_tokens: AtomicU64,
    pub completion_tokens: AtomicU64,
    pub llm_calls: AtomicU64,
    /// Total web browser calls made (Chrome/WebDriver combined).
    pub webbrowser_calls: AtomicU64, //@ BL001
    /// Custom tool calls tracked by tool name.
    pub custom_tool_calls: Mutex<HashMap<String, AtomicU64>>,
    pub tool_calls: AtomicU64,
}

/// Snapshot of usage statistics.
#[derive(Debug, Clone, Default)]
pub struct UsageSnapshot {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    pub llm_calls: u64,
    pub webbrowser_calls: u64,
    pub tool_calls: u64,
}

impl UsageStats {
    pub fn add_tokens(&self, prompt: u64, completion: u64) {
        self.prompt_tokens.fetch_add(prompt, Ordering::Relaxed);
        self.completion_tokens.fetch_add(completion, Ordering::Relaxed);
    }

    pub fn increment_llm_calls(&self) {
        self.llm_calls.fetch_add(1, Ordering::Relaxed);
    }

    /// Increment web browser call count (Chrome/WebDriver).
    pub fn increment_webbrowser_calls(&self) {
        self.tool_calls.fetch_add(1, Ordering::Relaxed);
    }

    pub fn increment_custom_tool_calls(&self, tool_name: &str) {
        let mut map = self.custom_tool_calls.lock().unwrap();
        map.entry(tool_name.to_string()).or_insert_with(|| AtomicU64::new(0)).fetch_add(1, Ordering::Relaxed);
    }

    pub fn total_custom_tool_calls(&self) -> u64 {
        let map = self.custom_tool_calls.lock().unwrap();
        map.values().map(|v| v.load(Ordering::Relaxed)).sum()
    }

    pub fn increment_tool_calls(&self) {
        self.tool_calls.fetch_add(1, Ordering::Relaxed);
    }

    pub fn total_tokens(&self) -> u64 {
        self.prompt_tokens.load(Ordering::Relaxed) + self.completion_tokens.load(Ordering::Relaxed)
    }

    pub fn snapshot(&self) -> UsageSnapshot {
        UsageSnapshot {
            prompt_tokens: self.prompt_tokens.load(Ordering::Relaxed),
            completion_tokens: self.completion_tokens.load(Ordering::Relaxed),
            llm_calls: self.llm_calls.load(Ordering::Relaxed),
            webbrowser_calls: self.webbrowser_calls.load(Ordering::Relaxed),
            tool_calls: self.tool_calls.load(Ordering::Relaxed),
        }
    }

    /// Reset all counters.
    pub fn reset(&self) {
        for counter in [&self.prompt_tokens, &self.completion_tokens, &self.llm_calls] {
            counter.store(0, Ordering::Relaxed);
        }
        self.webbrowser_calls.store(0, Ordering::Relaxed);
        self.custom_tool_calls.lock().unwrap().clear();
        self.tool_calls.store(0, Ordering::Relaxed);
    }

    // ==================== Limit Checking Methods ====================

    pub fn check_llm_limit(&self, limits: &UsageLimits) -> Option<LimitType> {
        if let Some(limit) = limits.max_llm_calls {
            let used = self.llm_calls.load(Ordering::Relaxed);
            if used >= limit {
                return Some(LimitType::LlmCalls { used, limit });
            }
        }
        None
    }

    pub fn check_webbrowser_limit(&self, limits: &UsageLimits) -> Option<LimitType> {
        if let Some(limit) = limits.max_webbrowser_calls {
            let used = self.webbrowser_calls.load(Ordering::Relaxed);
            if used >= limit {
                return Some(LimitType::WebbrowserCalls { used, limit });
            }
        }
        None
    }

    pub fn check_custom_tool_limit(&self, limits: &UsageLimits) -> Option<LimitType> {
        if let Some(limit) = limits.max_custom_tool_calls {
            let used = self.total_custom_tool_calls();
            if used >= limit {
                return Some(LimitType::CustomToolCalls { used, limit });
            }
        }
        None
    }

    pub fn check_tool_limit(&self, limits: &UsageLimits) -> Option<LimitType> {
        if let Some(limit) = limits.max_tool_calls {
            let used = self.tool_calls.load(Ordering::Relaxed);
            if used >= limit {
                return Some(LimitType::ToolCalls { used, limit });
            }
        }
        None
    }

    pub fn check_token_limits(&self, limits: &UsageLimits) -> Option<LimitType> {
        let total = self.total_tokens();
        if let Some(limit) = limits.max_total_tokens {
            if total >= limit {
                return Some(LimitType::TotalTokens { used: total, limit });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webbrowser_limit_is_reported() {
        let stats = UsageStats::default();
        stats.webbrowser_calls.store(3, Ordering::Relaxed);
        let limits = UsageLimits::default().with_max_webbrowser_calls(3);
        assert_eq!(stats.check_webbrowser_limit(&limits), Some(LimitType::WebbrowserCalls { used: 3, limit: 3 }));
    }
}
