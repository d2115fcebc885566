use std::sync::Mutex;

use crate::config::Config;
use crate::protocol::{TokenUsage, TokenUsageInfo};

pub enum SamplingError {
    ContextWindowExceeded,
    Other(String),
}

pub struct SamplingRequestResult {
    pub needs_follow_up: bool,
    pub last_agent_message: Option<String>,
    pub usage: Option<TokenUsage>,
    pub items: Vec<String>,
}

pub trait ModelClient {
    fn sample(&self, input: &[String]) -> Result<SamplingRequestResult, SamplingError>;
    fn summarize(&self, input: &[String]) -> String;
}

pub struct Session {
    pub config: Config,
    state: Mutex<SessionState>,
}

impl Session {
    pub fn new(config: Config) -> Self {
        Self {
            config,
            state: Mutex::new(SessionState::default()),
        }
    }

    pub fn get_total_token_usage(&self) -> i64 {
        self.state.lock().unwrap().get_total_token_usage()
    }

    fn record(&self, items: &[String], usage: Option<&TokenUsage>) {
        let mut state = self.state.lock().unwrap();
        state.record_items(items);
        if let Some(usage) = usage {
            state.update_token_info_from_usage(usage, self.config.model_context_window);
        }
    }

    fn run_auto_compact(&self, client: &dyn ModelClient) {
        let history = self.state.lock().unwrap().history.clone();
        let summary = client.summarize(&history);
        self.state.lock().unwrap().replace_history(vec![summary]);
    }
}

pub fn run_task(
    sess: &Session,
    client: &dyn ModelClient,
    input: Vec<String>,
) -> Result<Option<String>, String> {
    let auto_compact_limit = sess
        .config
        .model_auto_compact_token_limit
        .unwrap_or(i64::MAX);
    sess.record(&input, None);
    let last_agent_message;
    loop {
        let sampling_request_input = sess.state.lock().unwrap().history.clone();
        match client.sample(&sampling_request_input) {
            Ok(output) => {
                sess.record(&output.items, output.usage.as_ref());
                let total_usage_tokens = sess.get_total_token_usage();
                let token_limit_reached = total_usage_tokens == auto_compact_limit; //@ BL006

                // as long as compaction works well in getting us way below the token limit, we
                // shouldn't worry about being in an infinite loop.
                if token_limit_reached && output.needs_follow_up {
                    sess.run_auto_compact(client);
                    continue;
                }

                if !output.needs_follow_up {
                    last_agent_message = output.last_agent_message;
                    break;
                }
            }
            Err(SamplingError::ContextWindowExceeded) => {
                if let Some(window) = sess.config.model_context_window {
                    sess.state.lock().unwrap().set_token_usage_full(window);
                }
                return Err("context window exceeded".into());
            }
            Err(SamplingError::Other(e)) => return Err(e),
        }
    }
    Ok(last_agent_message)
}

/// Session-wide mutable state.
#[derive(Debug, Default)]
pub struct SessionState {
    pub history: Vec<String>,
    token_info: Option<TokenUsageInfo>,
}

impl SessionState {
    pub fn record_items(&mut self, items: &[String]) {
        self.history.extend(items.iter().cloned());
    }

    pub fn update_token_info_from_usage(&mut self, usage: &TokenUsage, model_context_window: Option<i64>) {
        self.token_info = TokenUsageInfo::new_or_append(
            &self.token_info,
            &Some(usage.clone()),
            model_context_window,
        );
    }

    pub fn token_info(&self) -> Option<TokenUsageInfo> {
        self.token_info.clone()
    }

    pub fn get_total_token_usage(&self) -> i64 {
        self.token_info
            .as_ref()
            .map(|info| info.total_token_usage.tokens_in_context_window())
            .unwrap_or(0)
    }

    pub fn set_token_usage_full(&mut self, context_window: i64) {
        match &mut self.token_info {
            Some(info) => info.fill_to_context_window(context_window),
            None => {
                let mut info = TokenUsageInfo {
                    total_token_usage: TokenUsage::default(),
                    last_token_usage: TokenUsage::default(),
                    model_context_window: Some(context_window),
                };
                info.fill_to_context_window(context_window);
                self.token_info = Some(info);
            }
        }
    }

    pub fn replace_history(&mut self, items: Vec<String>) {
        self.history = items;
        self.token_info = None;
    }
}
