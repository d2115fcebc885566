pub mod api;
pub mod model_provider_info;
pub mod turn;

#[derive(Debug, Clone, PartialEq)]
pub enum CodexErr {
    Stream(String, Option<std::time::Duration>),
    Http(u16),
    Interrupted,
    ContextWindowExceeded,
    UsageLimitReached,
}
