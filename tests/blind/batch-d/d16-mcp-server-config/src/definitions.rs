use std::collections::HashMap;

#[derive(Debug, Clone)]
pub enum McpServerConfig {
    Local(LocalMcpServerConfig),
    StreamableHTTP(StreamableHTTPMcpServerConfig),
}

#[derive(Debug, Clone)]
pub struct LocalMcpServerConfig {
    /// The command string used to initialize the mcp server
    pub command: String,
    /// A list of arguments to be used to run the command with
    pub args: Vec<String>,
    /// A list of environment variables to run the command with
    pub env: Option<HashMap<String, String>>,
    /// Timeout for each mcp request in ms
    pub timeout_ms: u64, //@ BL003
    /// A boolean flag to denote whether or not to load this mcp server
    pub disabled: bool,
}

#[derive(Debug, Clone)]
pub struct StreamableHTTPMcpServerConfig {
    /// The URL endpoint for HTTP-based MCP servers
    pub url: String,
    /// HTTP headers to include when communicating with HTTP-based MCP servers
    pub headers: HashMap<String, String>,
    /// Timeout for each mcp request in ms
    pub timeout_ms: u64,
}

pub fn default_timeout() -> u64 { 120 * 1000 }

impl McpServerConfig {
    /// Builds a server entry from the flattened `mcpServers.<name>` keys.
    pub fn from_entries(entries: &HashMap<String, String>) -> Option<Self> {
        let get = |key: &str| entries.get(key).cloned();
        let timeout_ms = get("timeout").or_else(|| get("timeout_ms")).and_then(|v| v.parse().ok());
        let timeout_ms = timeout_ms.unwrap_or_else(default_timeout);
        if let Some(url) = get("url") {
            let headers = HashMap::new();
            return Some(McpServerConfig::StreamableHTTP(StreamableHTTPMcpServerConfig { url, headers, timeout_ms }));
        }
        let command = get("command")?;
        let args = get("args").map(|v| v.split_whitespace().map(str::to_string).collect()).unwrap_or_default();
        let disabled = get("disabled").is_some_and(|v| v == "true");
        Some(McpServerConfig::Local(LocalMcpServerConfig { command, args, env: None, timeout_ms, disabled }))
    }
}

#[derive(Debug, Copy, Clone, PartialEq, Eq, Hash)]
pub enum HookTrigger { AgentSpawn, UserPromptSubmit, PreToolUse, PostToolUse }

impl std::fmt::Display for HookTrigger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum HookConfig {
    /// An external command executed by the system's shell.
    ShellCommand(CommandHook),
    /// A tool hook (unimplemented)
    Tool(ToolHook),
}

impl HookConfig {
    pub fn opts(&self) -> &BaseHookConfig {
        match self {
            HookConfig::ShellCommand(h) => &h.opts,
            HookConfig::Tool(h) => &h.opts,
        }
    }

    pub fn matcher(&self) -> Option<&str> {
        self.opts().matcher.as_deref()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CommandHook {
    /// The command to run
    pub command: String,
    pub opts: BaseHookConfig,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ToolHook {
    pub tool_name: String,
    pub args: String,
    pub opts: BaseHookConfig,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BaseHookConfig {
    /// Max time the hook can run before it throws a timeout error
    pub timeout_ms: u64,
    /// Max output size of the hook before it is truncated
    pub max_output_size: usize,
    /// How long the hook output is cached before it will be executed again
    pub cache_ttl_seconds: u64, //@? BL003
    /// Optional glob matcher for hook
    pub matcher: Option<String>,
}

impl Default for BaseHookConfig {
    fn default() -> Self {
        Self {
            timeout_ms: hook_default_timeout_ms(),
            max_output_size: hook_default_max_output_size(),
            cache_ttl_seconds: hook_default_cache_ttl_seconds(),
            matcher: None,
        }
    }
}

fn hook_default_timeout_ms() -> u64 { 10_000 }

fn hook_default_max_output_size() -> usize { 1024 * 10 }

fn hook_default_cache_ttl_seconds() -> u64 { 0 }
