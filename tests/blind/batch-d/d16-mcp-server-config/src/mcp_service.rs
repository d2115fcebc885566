use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use crate::definitions::McpServerConfig;

/// Metadata about a successfully launched MCP server.
#[derive(Debug, Clone)]
pub struct LaunchMetadata {
    pub serve_time_taken: Duration,
    pub tools: Option<String>,
}

pub struct McpService {
    server_name: String,
    config: McpServerConfig,
}

impl McpService {
    pub fn new(server_name: String, config: McpServerConfig) -> Self {
        Self { server_name, config }
    }

    /// Launches the provided MCP server, returning a client handle to the server.
    pub fn launch(self) -> Result<(RunningMcpService, LaunchMetadata), String> {
        match &self.config {
            McpServerConfig::Local(config) => {
                let mut cmd = Command::new(&config.command);
                if let Some(envs) = &config.env {
                    cmd.envs(envs.iter());
                }
                cmd.args(&config.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());

                let start_time = Instant::now();
                let mut child = cmd.spawn().map_err(|e| format!("{}: {e}", self.server_name))?;
                let stdin = child.stdin.take().ok_or("no stdin")?;
                let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
                let mut service = RunningMcpService { child, stdin, stdout, next_id: 0 };
                service.request("initialize", "{}")?;
                let tools = service.list_tools().ok();
                Ok((service, LaunchMetadata { serve_time_taken: start_time.elapsed(), tools }))
            }
            McpServerConfig::StreamableHTTP(_) => Err("not supported".to_string()),
        }
    }
}

/// Represents a handle to a running MCP server.
pub struct RunningMcpService {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl RunningMcpService {
    fn request(&mut self, method: &str, params: &str) -> Result<String, String> {
        self.next_id += 1;
        let id = self.next_id;
        let line = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"{method}\",\"params\":{params}}}\n");
        self.stdin.write_all(line.as_bytes()).map_err(|e| e.to_string())?;
        let mut response = String::new();
        self.stdout.read_line(&mut response).map_err(|e| e.to_string())?;
        Ok(response)
    }

    pub fn call_tool(&mut self, name: &str, arguments: &str) -> Result<String, String> {
        self.request("tools/call", &format!("{{\"name\":\"{name}\",\"arguments\":{arguments}}}"))
    }

    pub fn list_tools(&mut self) -> Result<String, String> {
        self.request("tools/list", "{}")
    }

    pub fn shutdown(mut self) {
        let _ = self.child.kill();
    }
}
