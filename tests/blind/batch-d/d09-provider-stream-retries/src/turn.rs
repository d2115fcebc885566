use std::time::Duration;

use crate::api;
use crate::model_provider_info::ModelProviderInfo;
use crate::CodexErr;

const INITIAL_DELAY_MS: u64 = 200;
const BACKOFF_FACTOR: f64 = 2.0;

pub fn backoff(attempt: u64) -> Duration {
    let exp = BACKOFF_FACTOR.powi(attempt.saturating_sub(1) as i32);
    Duration::from_millis((INITIAL_DELAY_MS as f64 * exp) as u64)
}

pub struct ModelClient {
    provider: ModelProviderInfo,
}

impl ModelClient {
    pub fn new(provider: ModelProviderInfo) -> Self { Self { provider } }

    pub fn get_provider(&self) -> &ModelProviderInfo { &self.provider }
}

pub trait Session {
    fn client(&self) -> &ModelClient;
    fn try_turn(&self, input: &[String]) -> Result<Vec<String>, CodexErr>;
    fn notify_stream_error(&self, message: String);
}

/// Runs one turn, reconnecting a dropped stream up to the provider's
/// configured stream retry budget.
pub fn run_turn(
    sess: &dyn Session,
    input: Vec<String>,
    sleep: impl Fn(Duration),
) -> Result<Vec<String>, CodexErr> {
    let mut retries = 0;
    loop {
        match sess.try_turn(&input) {
            Ok(output) => return Ok(output),
            Err(CodexErr::Interrupted) => return Err(CodexErr::Interrupted),
            Err(e @ (CodexErr::ContextWindowExceeded | CodexErr::UsageLimitReached)) => return Err(e),
            Err(e) => {
                // Use the configured provider-specific stream retry budget.
                let max_retries = sess.client().get_provider().stream_max_retries();
                if retries < max_retries {
                    retries += 1;
                    let delay = match e {
                        CodexErr::Stream(_, Some(delay)) => delay,
                        _ => backoff(retries),
                    };
                    sess.notify_stream_error(format!(
                        "stream error: {e:?}; retrying {retries}/{max_retries} in {delay:?}…"
                    ));
                    sleep(delay);
                } else {
                    return Err(e);
                }
            }
        }
    }
}

/// The transport applies the provider's request retry policy itself.
pub fn send_request(
    provider: &ModelProviderInfo,
    request: impl FnMut() -> Result<String, CodexErr>,
    sleep: impl Fn(Duration),
) -> Result<String, CodexErr> {
    let api_provider = provider.to_api_provider(false);
    api::run_with_retry(&api_provider.retry, request, sleep)
}
