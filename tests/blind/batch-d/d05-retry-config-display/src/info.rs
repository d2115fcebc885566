use std::fmt;

use crate::retry_config::RetryConfig;

#[derive(Default)]
pub struct Info {
    sections: Vec<(String, Vec<(String, String)>)>,
}

impl Info {
    pub fn add_title(mut self, title: &str) -> Self {
        self.sections.push((title.to_string(), Vec::new()));
        self
    }

    pub fn add_key_value(mut self, key: &str, value: impl Into<String>) -> Self {
        if let Some((_, items)) = self.sections.last_mut() {
            items.push((key.to_string(), value.into()));
        }
        self
    }
}

impl From<&Option<RetryConfig>> for Info {
    fn from(retry: &Option<RetryConfig>) -> Self {
        let mut info = Info::default();
        // RETRY CONFIGURATION
        if let Some(retry) = retry {
            info = info
                .add_title("RETRY CONFIGURATION")
                .add_key_value("Initial Backoff", format!("{}ms", retry.initial_backoff_ms))
                .add_key_value("Backoff Factor", retry.backoff_factor.to_string())
                .add_key_value("Max Attempts", retry.max_attempts.to_string())
                .add_key_value("Suppress Errors", retry.suppress_errors.to_string())
                .add_key_value(
                    "Status Codes",
                    retry
                        .status_codes
                        .iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                );
        }
        info
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (title, items) in &self.sections {
            writeln!(f, "{title}")?;
            for (k, v) in items {
                writeln!(f, "  {k:<20} {v}")?;
            }
        }
        Ok(())
    }
}

/// UI side: whether a retry attempt should be shown to the user.
pub fn show_retry_attempt(retry: &Option<RetryConfig>) -> bool {
    !retry.as_ref().is_some_and(|r| r.suppress_errors)
}
