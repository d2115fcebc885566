use std::time::Duration;

use crate::backoff;

#[derive(Debug, Clone)]
pub struct Config {
    pub project_name: String,
    /// When endless mode is enabled, the agent will keep running until it either cannot complete,
    /// did complete or was manually stopped.
    pub endless_mode: bool,
    /// Stop if the next completion does not contain new messages.
    pub stop_on_empty_messages: bool,
    /// Number of completions before the agent summarizes the conversation.
    ///
    /// Defaults to 10.
    pub num_completions_for_summary: usize,
    pub backoff: BackoffConfiguration,
}

fn default_num_completions_for_summary() -> usize {
    10
}

impl Config {
    pub fn from_env() -> Self {
        let var = |k: &str| std::env::var(k).ok();
        Self {
            project_name: var("KWAAK_PROJECT_NAME").unwrap_or_else(|| "kwaak".into()),
            endless_mode: var("KWAAK_ENDLESS_MODE").is_some_and(|v| v == "true"),
            stop_on_empty_messages: var("KWAAK_STOP_ON_EMPTY_MESSAGES").is_some_and(|v| v == "true"),
            num_completions_for_summary: var("KWAAK_NUM_COMPLETIONS_FOR_SUMMARY")
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(default_num_completions_for_summary),
            backoff: BackoffConfiguration::default(),
        }
    }
}

/// Backoff configuration for api calls.
#[derive(Debug, Clone, Copy)]
pub struct BackoffConfiguration {
    /// Initial interval in seconds between retries
    pub initial_interval_sec: u64,
    /// The factor by which the interval is multiplied on each retry attempt
    pub multiplier: f64,
    /// Introduces randomness to avoid retry storms
    pub randomization_factor: f64,
    /// Total time all attempts are allowed in seconds. Once a retry must wait longer than this,
    /// the request is considered to have failed.
    pub max_elapsed_time_sec: u64,
}

impl Default for BackoffConfiguration {
    fn default() -> Self {
        Self {
            initial_interval_sec: 15,
            multiplier: 2.0,
            randomization_factor: 0.05,
            max_elapsed_time_sec: 120,
        }
    }
}

impl From<BackoffConfiguration> for backoff::ExponentialBackoff {
    fn from(from_backoff: BackoffConfiguration) -> Self {
        backoff::ExponentialBackoffBuilder::default()
            .with_initial_interval(Duration::from_secs(from_backoff.initial_interval_sec))
            .with_multiplier(from_backoff.multiplier)
            .with_randomization_factor(from_backoff.randomization_factor)
            .with_max_elapsed_time(Some(Duration::from_secs(from_backoff.max_elapsed_time_sec)))
            .build()
    }
}
