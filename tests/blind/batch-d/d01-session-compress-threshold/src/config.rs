use std::sync::{Arc, RwLock};

use crate::session::Session;

pub const SUMMARIZE_PROMPT: &str =
    "Summarize the discussion briefly in 200 words or less to use as a prompt for future context.";
pub const SUMMARY_PROMPT: &str = "This is a summary of the chat history as a recap: ";

pub type GlobalConfig = Arc<RwLock<Config>>;

#[derive(Debug, Default)]
pub struct Config {
    pub compress_threshold: usize,
    pub summarize_prompt: Option<String>,
    pub session: Option<Session>,
}

impl Config {
    pub fn from_env() -> Self {
        let read_env = |key: &str| std::env::var(key).ok();
        Config {
            compress_threshold: read_env("AICHAT_COMPRESS_THRESHOLD")
                .and_then(|v| v.parse().ok())
                .unwrap_or(4000),
            summarize_prompt: read_env("AICHAT_SUMMARIZE_PROMPT"),
            session: None,
        }
    }

    pub fn set_compress_threshold(&mut self, value: Option<usize>) {
        if let Some(session) = self.session.as_mut() {
            session.set_compress_threshold(value);
        } else {
            self.compress_threshold = value.unwrap_or_default();
        }
    }

    pub fn maybe_compress_session(
        config: &GlobalConfig,
        summarize: impl FnOnce(&str) -> Result<String, String>,
    ) -> Result<bool, String> {
        let mut need_compress = false;
        {
            let mut config = config.write().unwrap();
            let compress_threshold = config.compress_threshold;
            if let Some(session) = config.session.as_mut() {
                if session.need_compress(compress_threshold) {
                    session.set_compressing(true);
                    need_compress = true;
                }
            }
        };
        if !need_compress {
            return Ok(false);
        }
        let result = Config::compress_session(config, summarize);
        if let Some(session) = config.write().unwrap().session.as_mut() {
            session.set_compressing(false);
        }
        result.map(|_| true)
    }

    pub fn compress_session(
        config: &GlobalConfig,
        summarize: impl FnOnce(&str) -> Result<String, String>,
    ) -> Result<(), String> {
        let prompt = {
            let config = config.read().unwrap();
            match config.session.as_ref() {
                Some(session) if !session.has_user_messages() => {
                    return Err("No need to compress since there are no messages in the session".into())
                }
                None => return Err("No session".into()),
                Some(_) => {}
            }
            config.summarize_prompt.clone().unwrap_or_else(|| SUMMARIZE_PROMPT.into())
        };
        let summary = summarize(&prompt)?;
        if let Some(session) = config.write().unwrap().session.as_mut() {
            session.compress(format!("{SUMMARY_PROMPT}{summary}"));
        }
        Ok(())
    }
}
