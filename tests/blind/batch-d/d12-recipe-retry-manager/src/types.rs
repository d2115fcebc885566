/// Default timeout for retry success checks, in seconds.
pub const DEFAULT_RETRY_TIMEOUT_SECONDS: u64 = 300;
/// Default timeout for on_failure commands, in seconds.
pub const DEFAULT_ON_FAILURE_TIMEOUT_SECONDS: u64 = 600;

#[derive(Debug, Clone, PartialEq)]
pub enum SuccessCheck {
    Shell { command: String },
}

/// Retry configuration of a recipe.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RetryConfig {
    /// Maximum number of retry attempts before giving up
    pub max_retries: u32,
    /// List of success checks to validate recipe completion
    pub checks: Vec<SuccessCheck>,
    /// Optional shell command to run on failure for cleanup
    pub on_failure: Option<String>,
    /// Timeout in seconds for individual shell commands
    pub timeout_seconds: Option<u64>,
    /// Timeout in seconds for on_failure commands
    pub on_failure_timeout_seconds: Option<u64>,
    /// Whether to reset the conversation before each retry
    pub reset_context: bool,
}

#[derive(Debug, Clone, Default)]
pub struct SessionConfig {
    pub id: String,
    pub retry_config: Option<RetryConfig>,
}
