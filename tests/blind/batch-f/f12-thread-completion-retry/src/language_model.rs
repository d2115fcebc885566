use std::fmt;
use std::time::Duration;

pub const ZED_CLOUD_PROVIDER_ID: &str = "zed.dev";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatusCode(pub u16);

impl StatusCode {
    pub const UNAUTHORIZED: StatusCode = StatusCode(401);
    pub const FORBIDDEN: StatusCode = StatusCode(403);
    pub const PAYLOAD_TOO_LARGE: StatusCode = StatusCode(413);
    pub const TOO_MANY_REQUESTS: StatusCode = StatusCode(429);
    pub const INTERNAL_SERVER_ERROR: StatusCode = StatusCode(500);
    pub const SERVICE_UNAVAILABLE: StatusCode = StatusCode(503);

    pub fn as_u16(&self) -> u16 {
        self.0
    }
    pub fn is_client_error(&self) -> bool {
        (400..500).contains(&self.0)
    }
    pub fn is_server_error(&self) -> bool {
        (500..600).contains(&self.0)
    }
}

#[derive(Debug)]
pub enum LanguageModelCompletionError {
    HttpResponseError { status_code: StatusCode, message: String },
    ServerOverloaded { retry_after: Option<Duration> },
    RateLimitExceeded { retry_after: Option<Duration> },
    UpstreamProviderError { status: StatusCode, retry_after: Option<Duration> },
    ApiInternalServerError { message: String },
    HttpSend { message: String },
    AuthenticationError { message: String },
    PromptTooLarge { tokens: Option<u64> },
    Other(String),
}

impl fmt::Display for LanguageModelCompletionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

pub enum CompletionEvent {
    Text(String),
    ToolUse { id: String, name: String, input: String },
    Stop,
}

pub trait LanguageModel: Send + Sync {
    fn provider_id(&self) -> &str;
    fn stream_completion(&self, request: &[String]) -> Result<Vec<CompletionEvent>, LanguageModelCompletionError>;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    Free,
    Pro,
}
