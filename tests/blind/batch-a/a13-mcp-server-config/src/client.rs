use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::config::McpServerConfig;

pub const DEFAULT_STARTUP_TIMEOUT: Duration = Duration::from_secs(10);
pub const DEFAULT_TOOL_TIMEOUT: Duration = Duration::from_secs(60);

#[derive(Debug)]
pub enum McpError {
    Spawn(String),
    Timeout(&'static str),
    Closed,
}

/// A running MCP server and the channel its stdout reader thread fills.
pub struct McpConnection {
    pub name: String,
    child: Child,
    responses: Receiver<String>,
    call_timeout: Duration,
}

impl McpConnection {
    /// Spawns the server and waits for its `initialize` response.
    pub fn start(
        name: &str,
        cfg: &McpServerConfig,
        spawn_reader: impl FnOnce(&mut Child) -> Receiver<String>,
    ) -> Result<Self, McpError> {
        let mut child = Command::new(&cfg.command)
            .args(&cfg.args)
            .envs(&cfg.env)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| McpError::Spawn(format!("{name}: {e}")))?;
        let responses = spawn_reader(&mut child);

        let startup = cfg
            .startup_timeout_ms
            .map(Duration::from_millis)
            .unwrap_or(DEFAULT_STARTUP_TIMEOUT);
        match responses.recv_timeout(startup) {
            Ok(_initialize_result) => {}
            Err(RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                return Err(McpError::Timeout("initialize"));
            }
            Err(RecvTimeoutError::Disconnected) => return Err(McpError::Closed),
        }

        Ok(Self {
            name: name.to_string(),
            child,
            responses,
            call_timeout: DEFAULT_TOOL_TIMEOUT,
        })
    }

    /// Sends `tools/call` (via `send`) and waits for the matching response.
    pub fn call_tool(&mut self, send: impl FnOnce(&mut Child) -> std::io::Result<()>) -> Result<String, McpError> {
        send(&mut self.child).map_err(|_| McpError::Closed)?;
        match self.responses.recv_timeout(self.call_timeout) {
            Ok(body) => Ok(body),
            Err(RecvTimeoutError::Timeout) => Err(McpError::Timeout("tools/call")),
            Err(RecvTimeoutError::Disconnected) => Err(McpError::Closed),
        }
    }

    pub fn shutdown(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
