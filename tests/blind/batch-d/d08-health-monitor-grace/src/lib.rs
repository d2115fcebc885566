pub mod health;
pub mod metrics;
pub mod monitor_config;

pub use health::ProviderMonitorInner;
pub use monitor_config::MonitorConfig;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ApiEndpoint {
    OpenAiChatCompletions,
    AnthropicMessages,
    GeminiGenerateContents,
}
