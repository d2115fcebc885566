use crate::RawCompletion;

/// Running totals over every completion this client has made, for billing
/// dashboards.
#[derive(Debug, Clone, Default)]
pub struct UsageTotals {
    pub requests: u64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    pub total_tokens: u64,
    pub truncated: u64,
}

impl UsageTotals {
    pub fn record(&mut self, completion: &RawCompletion) {
        self.requests += 1;
        self.prompt_tokens += completion.prompt_tokens;
        self.completion_tokens += completion.completion_tokens;
        self.total_tokens += completion.prompt_tokens + completion.completion_tokens;
        if completion.finish_reason == "length" {
            self.truncated += 1;
        }
    }

    pub fn average_completion(&self) -> f64 {
        if self.requests == 0 {
            0.0
        } else {
            self.completion_tokens as f64 / self.requests as f64
        }
    }
}
