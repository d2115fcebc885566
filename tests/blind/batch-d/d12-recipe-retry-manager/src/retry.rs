use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::types::{
    RetryConfig, SessionConfig, SuccessCheck, DEFAULT_ON_FAILURE_TIMEOUT_SECONDS,
    DEFAULT_RETRY_TIMEOUT_SECONDS,
};
use crate::{Message, RepetitionInspector};

#[derive(Debug, Clone, PartialEq)]
pub enum RetryResult {
    Skipped,
    MaxAttemptsReached,
    SuccessChecksPassed,
    Retried,
}

const GOOSE_RECIPE_RETRY_TIMEOUT_SECONDS: &str = "GOOSE_RECIPE_RETRY_TIMEOUT_SECONDS";
const GOOSE_RECIPE_ON_FAILURE_TIMEOUT_SECONDS: &str = "GOOSE_RECIPE_ON_FAILURE_TIMEOUT_SECONDS";

/// Maximum number of characters to retain in retry failure feedback to prevent context overflow.
const MAX_RETRY_OUTPUT_CHARS: usize = 20_000;

#[derive(Debug)]
pub struct RetryManager {
    /// Current number of retry attempts
    attempts: Arc<Mutex<u32>>,
    /// Optional repetition inspector for reset operations
    repetition_inspector: Option<Arc<Mutex<Option<RepetitionInspector>>>>,
}

impl Default for RetryManager {
    fn default() -> Self { Self::new() }
}

impl RetryManager {
    pub fn new() -> Self {
        Self { attempts: Arc::new(Mutex::new(0)), repetition_inspector: None }
    }

    pub fn with_repetition_inspector(repetition_inspector: Arc<Mutex<Option<RepetitionInspector>>>) -> Self {
        Self { attempts: Arc::new(Mutex::new(0)), repetition_inspector: Some(repetition_inspector) }
    }

    pub fn reset_attempts(&self) {
        let mut attempts = self.attempts.lock().unwrap();
        *attempts = 0;
        if let Some(inspector) = &self.repetition_inspector {
            if let Some(inspector) = inspector.lock().unwrap().as_mut() {
                inspector.reset();
            }
        }
    }

    /// Increment the retry attempts counter and return the new value
    pub fn increment_attempts(&self) -> u32 {
        let mut attempts = self.attempts.lock().unwrap();
        *attempts += 1;
        *attempts
    }

    /// Get the current retry attempts count
    pub fn get_attempts(&self) -> u32 {
        *self.attempts.lock().unwrap()
    }

    pub fn handle_retry_logic(
        &self,
        messages: &mut Vec<Message>,
        session_config: &SessionConfig,
        initial_messages: &[Message],
    ) -> Result<RetryResult, String> {
        let Some(retry_config) = &session_config.retry_config else {
            return Ok(RetryResult::Skipped);
        };

        let check_result = execute_success_checks(&retry_config.checks, retry_config)?;
        let failed = match check_result {
            SuccessCheckResult::Passed => return Ok(RetryResult::SuccessChecksPassed),
            SuccessCheckResult::Failed(details) => details,
        };

        let current_attempts = self.get_attempts();
        if current_attempts >= retry_config.max_retries {
            messages.push(Message::assistant(format!(
                "Maximum retry attempts ({}) exceeded. Unable to complete the task successfully.",
                retry_config.max_retries
            )));
            return Ok(RetryResult::MaxAttemptsReached);
        }

        let on_failure_details = match &retry_config.on_failure {
            Some(cmd) => Some(execute_on_failure_command(cmd, retry_config)?),
            None => None,
        };

        if retry_config.reset_context {
            *messages = initial_messages.to_vec();
        } else {
            let mut failure_message = String::new();
            let mut remaining_budget = MAX_RETRY_OUTPUT_CHARS;
            failure_message.push_str(&format!(
                "Validation failed: command '{}' exited with status {}\n",
                failed.command, failed.exit_code
            ));
            append_output_details(&mut failure_message, "Validation", &failed.stdout, &failed.stderr, &mut remaining_budget);
            if let Some(details) = on_failure_details {
                failure_message.push_str(&format!("\nRecovery command '{}' executed.\n", details.command));
                append_output_details(&mut failure_message, "Recovery", &details.stdout, &details.stderr, &mut remaining_budget);
            }
            failure_message.push_str("\nPlease analyze the outputs above and try again to achieve the goal.");
            messages.push(Message::user(failure_message.trim()).agent_only());
        }

        self.increment_attempts();
        Ok(RetryResult::Retried)
    }
}

/// Helper function to append stdout/stderr to a failure message with truncation.
fn append_output_details(message: &mut String, prefix: &str, stdout: &str, stderr: &str, budget: &mut usize) {
    if stdout.is_empty() && stderr.is_empty() {
        return;
    }
    message.push_str(&format!("{prefix} output:\n"));
    for (label, text) in [("stdout", stdout), ("stderr", stderr)] {
        if text.is_empty() {
            continue;
        }
        if *budget == 0 {
            message.push_str(&format!("  {label}:\n[... omitted: global cap reached ...]\n"));
            continue;
        }
        let total = text.chars().count();
        let kept: String = text.chars().skip(total.saturating_sub(*budget)).collect();
        let omitted = total - kept.chars().count();
        *budget = budget.saturating_sub(kept.chars().count());
        if omitted > 0 {
            message.push_str(&format!("  {label}:\n[... truncated {omitted} chars ...]\n{kept}\n"));
        } else {
            message.push_str(&format!("  {label}:\n{kept}\n"));
        }
    }
}

fn env_secs(key: &str) -> Option<u64> {
    std::env::var(key).ok().and_then(|v| v.parse().ok())
}

/// retry_config.timeout_seconds -> env var -> default
fn get_retry_timeout(retry_config: &RetryConfig) -> Duration {
    let timeout_seconds = retry_config
        .timeout_seconds
        .or_else(|| env_secs(GOOSE_RECIPE_RETRY_TIMEOUT_SECONDS))
        .unwrap_or(DEFAULT_RETRY_TIMEOUT_SECONDS);
    Duration::from_secs(timeout_seconds)
}

/// retry_config.on_failure_timeout_seconds -> env var -> default
fn get_on_failure_timeout(retry_config: &RetryConfig) -> Duration {
    let timeout_seconds = retry_config
        .on_failure_timeout_seconds
        .or_else(|| env_secs(GOOSE_RECIPE_ON_FAILURE_TIMEOUT_SECONDS))
        .unwrap_or(DEFAULT_ON_FAILURE_TIMEOUT_SECONDS);
    Duration::from_secs(timeout_seconds)
}

#[derive(Debug, Clone)]
pub struct ExecutionDetails {
    pub command: String,
    pub stdout: String,
    pub stderr: String,
    pub exit_code: i32,
}

impl ExecutionDetails {
    fn from_output(command: String, output: Output) -> Self {
        let text = |b: &[u8]| String::from_utf8_lossy(b).to_string();
        let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
        Self { command, stdout, stderr, exit_code: output.status.code().unwrap_or(-1) }
    }
}

pub enum SuccessCheckResult {
    Passed,
    Failed(ExecutionDetails),
}

pub fn execute_success_checks(checks: &[SuccessCheck], retry_config: &RetryConfig) -> Result<SuccessCheckResult, String> {
    let timeout = get_retry_timeout(retry_config);
    for check in checks {
        match check {
            SuccessCheck::Shell { command } => {
                let result = execute_shell_command(command, timeout)?;
                if !result.status.success() {
                    return Ok(SuccessCheckResult::Failed(ExecutionDetails::from_output(command.clone(), result)));
                }
            }
        }
    }
    Ok(SuccessCheckResult::Passed)
}

/// Execute a shell command with a mandatory timeout.
pub fn execute_shell_command(command: &str, timeout: Duration) -> Result<Output, String> {
    let mut cmd = Command::new("sh");
    cmd.args(["-c", command]).env("GOOSE_TERMINAL", "1").stdin(Stdio::null());
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().map_err(|e| e.to_string())?;
    let started = Instant::now();
    loop {
        if child.try_wait().map_err(|e| e.to_string())?.is_some() {
            return child.wait_with_output().map_err(|e| e.to_string());
        }
        if started.elapsed() >= timeout {
            let _ = child.kill();
            return Err(format!("Shell command timed out after {timeout:?}: {command}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

pub fn execute_on_failure_command(command: &str, retry_config: &RetryConfig) -> Result<ExecutionDetails, String> {
    let timeout = get_on_failure_timeout(retry_config);
    let output = execute_shell_command(command, timeout)?;
    Ok(ExecutionDetails::from_output(command.to_string(), output))
}
