use crate::language_model::{CompletionEvent, LanguageModel, LanguageModelCompletionError, Plan, StatusCode, ZED_CLOUD_PROVIDER_ID};
use crate::RetryStatus;
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(crate) const MAX_RETRY_ATTEMPTS: u8 = 4;
pub(crate) const BASE_RETRY_DELAY: Duration = Duration::from_secs(5);

#[derive(Debug, Clone)]
enum RetryStrategy {
    ExponentialBackoff { initial_delay: Duration, max_attempts: u8 },
    Fixed { delay: Duration, max_attempts: u8 },
}

#[derive(Debug)]
pub enum ThreadEvent {
    AgentText(String),
    ToolCall { id: String, name: String },
    Retry(RetryStatus),
    Stop,
}

#[derive(Clone)]
pub struct ThreadEventStream(mpsc::Sender<Result<ThreadEvent, String>>);

impl ThreadEventStream {
    fn send_text(&self, text: &str) {
        self.0.send(Ok(ThreadEvent::AgentText(text.to_string()))).ok();
    }
    fn send_tool_call(&self, id: &str, name: &str) {
        self.0.send(Ok(ThreadEvent::ToolCall { id: id.into(), name: name.into() })).ok();
    }
    fn send_retry(&self, status: RetryStatus) {
        self.0.send(Ok(ThreadEvent::Retry(status))).ok();
    }
    fn send_stop(&self) {
        self.0.send(Ok(ThreadEvent::Stop)).ok();
    }
    fn send_error(&self, error: String) {
        self.0.send(Err(error)).ok();
    }
}

pub struct Thread {
    messages: Vec<String>,
    model: Option<Arc<dyn LanguageModel>>,
    plan: Option<Plan>,
}

impl Thread {
    pub fn new(model: Arc<dyn LanguageModel>, plan: Option<Plan>) -> Self {
        Self { messages: Vec::new(), model: Some(model), plan }
    }

    pub fn send(&mut self, text: &str) -> mpsc::Receiver<Result<ThreadEvent, String>> {
        self.messages.push(format!("user: {text}"));
        let (tx, rx) = mpsc::channel();
        let event_stream = ThreadEventStream(tx);
        match self.run_turn_internal(&event_stream) {
            Ok(()) => event_stream.send_stop(),
            Err(error) => event_stream.send_error(error),
        }
        rx
    }

    fn run_turn_internal(&mut self, event_stream: &ThreadEventStream) -> Result<(), String> {
        let mut attempt = 0;
        loop {
            let model = self.model.clone().ok_or("No language model configured")?;
            let mut tool_results = Vec::new();
            let error = match model.stream_completion(&self.messages) {
                Ok(events) => {
                    for event in events {
                        match event {
                            CompletionEvent::Text(text) => {
                                event_stream.send_text(&text);
                                self.messages.push(format!("assistant: {text}"));
                            }
                            CompletionEvent::ToolUse { id, name, input } => {
                                event_stream.send_tool_call(&id, &name);
                                tool_results.push(format!("tool {name}({input}) -> ok"));
                            }
                            CompletionEvent::Stop => break,
                        }
                    }
                    None
                }
                Err(err) => Some(err),
            };

            let end_turn = tool_results.is_empty();
            self.messages.extend(tool_results);

            if let Some(error) = error {
                attempt += 1;
                let retry = self.handle_completion_error(error, attempt, self.plan)?;
                let duration = retry.duration;
                event_stream.send_retry(retry);
                std::thread::sleep(duration);
                self.messages.push("Continue where you left off".to_string());
            } else if end_turn {
                return Ok(());
            } else {
                attempt = 0;
            }
        }
    }

    fn handle_completion_error(&mut self, error: LanguageModelCompletionError, attempt: u8, plan: Option<Plan>) -> Result<RetryStatus, String> {
        let Some(model) = self.model.as_ref() else {
            return Err(error.to_string());
        };

        let auto_retry = if model.provider_id() == ZED_CLOUD_PROVIDER_ID {
            match plan {
                Some(Plan::Pro) => true,
                Some(Plan::Free) | None => false,
            }
        } else {
            true
        };

        if !auto_retry {
            return Err(error.to_string());
        }

        let Some(strategy) = Self::retry_strategy_for(&error) else {
            return Err(error.to_string());
        };

        let max_attempts = match &strategy {
            RetryStrategy::ExponentialBackoff { max_attempts, .. } => *max_attempts,
            RetryStrategy::Fixed { max_attempts, .. } => *max_attempts,
        };

        if attempt > max_attempts {
            return Err(error.to_string());
        }

        let delay = match &strategy {
            RetryStrategy::ExponentialBackoff { initial_delay, .. } => {
                let delay_secs = initial_delay.as_secs() * 2u64.pow((attempt - 1) as u32);
                Duration::from_secs(delay_secs)
            }
            RetryStrategy::Fixed { delay, .. } => *delay,
        };

        Ok(RetryStatus {
            last_error: error.to_string(),
            attempt: attempt as usize,
            max_attempts: max_attempts as usize,
            started_at: Instant::now(),
            duration: delay,
        })
    }

    fn retry_strategy_for(error: &LanguageModelCompletionError) -> Option<RetryStrategy> {
        use LanguageModelCompletionError::*;

        // - If retrying won't help (e.g. invalid API key or payload too large), return None so we don't retry at all.
        // - If it's a time-based issue (e.g. server overloaded, rate limit exceeded), retry up to 4 times.
        // - If it's an issue that *might* be fixed by retrying (e.g. internal server error), retry up to 3 times.
        match error {
            HttpResponseError { status_code: StatusCode::TOO_MANY_REQUESTS, .. } => {
                Some(RetryStrategy::ExponentialBackoff { initial_delay: BASE_RETRY_DELAY, max_attempts: MAX_RETRY_ATTEMPTS })
            }
            ServerOverloaded { retry_after } | RateLimitExceeded { retry_after } => {
                Some(RetryStrategy::Fixed { delay: retry_after.unwrap_or(BASE_RETRY_DELAY), max_attempts: MAX_RETRY_ATTEMPTS })
            }
            UpstreamProviderError { status, retry_after } => match *status {
                StatusCode::TOO_MANY_REQUESTS | StatusCode::SERVICE_UNAVAILABLE => {
                    Some(RetryStrategy::Fixed { delay: retry_after.unwrap_or(BASE_RETRY_DELAY), max_attempts: MAX_RETRY_ATTEMPTS })
                }
                // Internal Server Error could be anything, retry up to 3 times.
                StatusCode::INTERNAL_SERVER_ERROR => {
                    Some(RetryStrategy::Fixed { delay: retry_after.unwrap_or(BASE_RETRY_DELAY), max_attempts: 3 })
                }
                // Unofficial HTTP 529 ("The service is overloaded")
                status if status.as_u16() == 529 => {
                    Some(RetryStrategy::Fixed { delay: retry_after.unwrap_or(BASE_RETRY_DELAY), max_attempts: MAX_RETRY_ATTEMPTS })
                }
                _ => Some(RetryStrategy::Fixed { delay: retry_after.unwrap_or(BASE_RETRY_DELAY), max_attempts: 2 }),
            },
            ApiInternalServerError { .. } | HttpSend { .. } => Some(RetryStrategy::Fixed { delay: BASE_RETRY_DELAY, max_attempts: 3 }),
            // Retrying these errors definitely shouldn't help.
            HttpResponseError {
                status_code: StatusCode::PAYLOAD_TOO_LARGE | StatusCode::FORBIDDEN | StatusCode::UNAUTHORIZED,
                ..
            }
            | AuthenticationError { .. }
            | PromptTooLarge { .. } => None,
            // Retry all other 4xx and 5xx errors.
            HttpResponseError { status_code, .. } if status_code.is_client_error() || status_code.is_server_error() => {
                Some(RetryStrategy::Fixed { delay: BASE_RETRY_DELAY, max_attempts: 3 })
            }
            // Conservatively assume that any other errors are non-retryable
            HttpResponseError { .. } | Other(..) => Some(RetryStrategy::Fixed { delay: BASE_RETRY_DELAY, max_attempts: 2 }),
        }
    }
}
