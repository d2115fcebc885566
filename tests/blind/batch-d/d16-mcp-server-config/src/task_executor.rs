use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::definitions::{CommandHook, HookTrigger};

#[derive(Debug, Clone, PartialEq)]
pub struct CommandResult {
    pub exit_code: i32,
    pub output: String,
}

fn truncate_safe(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while end > 0 && !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// Sanitizes a string value to be used as an environment variable
fn sanitize_user_prompt(input: &str) -> String {
    // Limit the size of input to first 4096 characters
    let truncated = truncate_safe(input, 4096);
    truncated.replace(|c: char| c.is_control() && c != '\n' && c != '\r' && c != '\t', "")
}

pub fn run_command_hook(
    trigger: HookTrigger,
    config: CommandHook,
    cwd: &str,
    prompt: Option<String>,
) -> (Result<CommandResult, String>, Duration) {
    let start_time = Instant::now();

    let mut cmd = Command::new("bash");
    cmd.arg("-c").arg(&config.command);
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());

    let timeout = Duration::from_millis(config.opts.timeout_ms);

    let mut hook_input = format!("{{\"hook_event_name\":\"{trigger}\",\"cwd\":\"{cwd}\"");
    if let Some(prompt) = prompt {
        cmd.env("USER_PROMPT", sanitize_user_prompt(&prompt));
        hook_input.push_str(&format!(",\"prompt\":{prompt:?}"));
    }
    hook_input.push('}');

    let result = (|| {
        let mut child = cmd.spawn().map_err(|e| format!("failed to execute command: {e}"))?;
        if let Some(mut stdin) = child.stdin.take() {
            let _ = stdin.write_all(hook_input.as_bytes());
        }
        // Run with timeout
        loop {
            match child.try_wait() {
                Ok(Some(status)) => {
                    let exit_code = status.code().unwrap_or(-1);
                    let mut raw_output = String::new();
                    let stream: Option<Box<dyn Read>> = if exit_code == 0 {
                        child.stdout.take().map(|s| Box::new(s) as Box<dyn Read>)
                    } else {
                        child.stderr.take().map(|s| Box::new(s) as Box<dyn Read>)
                    };
                    if let Some(mut stream) = stream {
                        let _ = stream.read_to_string(&mut raw_output);
                    }
                    let formatted_output = format!(
                        "{}{}",
                        truncate_safe(&raw_output, config.opts.max_output_size),
                        if raw_output.len() > config.opts.max_output_size {
                            " ... truncated"
                        } else {
                            ""
                        }
                    );
                    return Ok(CommandResult {
                        exit_code,
                        output: formatted_output,
                    });
                }
                Ok(None) if start_time.elapsed() >= timeout => {
                    let _ = child.kill();
                    return Err(format!("command timed out after {} ms", timeout.as_millis()));
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                Err(err) => return Err(format!("failed to execute command: {err}")),
            }
        }
    })();

    (result, start_time.elapsed())
}
