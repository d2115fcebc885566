//! Starts the MCP servers listed in `config.toml` and talks to them over stdio.

pub mod client;
pub mod config;

pub use client::{McpConnection, McpError};
pub use config::{parse_servers, McpServerConfig};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_server_tables() {
        let text = r#"
[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]
startup_timeout_ms = 20000
tool_timeout_ms = 120000
env.API_KEY = "k"
"#;
        let servers = parse_servers(text).unwrap();
        let docs = &servers["docs"];
        assert_eq!(docs.args, vec!["-y", "docs-mcp"]);
        assert_eq!(docs.startup_timeout_ms, Some(20_000));
        assert_eq!(docs.tool_timeout_ms, Some(120_000));
    }
}
