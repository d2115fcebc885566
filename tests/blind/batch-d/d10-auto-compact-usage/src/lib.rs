pub mod codex;
pub mod config;
pub mod protocol;

pub use config::{Config, ModelFamily};
pub use protocol::{TokenUsage, TokenUsageInfo};
pub use codex::SessionState;
