//! The tracker checks its counters against the limits struct it holds.
//! `StreamConfig::max_tokens` is a per-request cap sent to a provider.

pub struct ExecutionLimits {
    pub max_turns: usize,
    pub max_total_tokens: usize,
}

pub struct ExecutionTracker {
    limits: ExecutionLimits,
    turns: usize,
    tokens_used: usize,
}

impl ExecutionTracker {
    pub fn new(limits: ExecutionLimits) -> Self {
        Self {
            limits,
            turns: 0,
            tokens_used: 0,
        }
    }

    pub fn record_turn(&mut self, tokens: usize) {
        self.turns += 1;
        self.tokens_used += tokens;
    }

    pub fn exceeded(&self) -> bool {
        self.turns >= self.limits.max_turns || self.tokens_used >= self.limits.max_total_tokens
    }
}

pub struct StreamConfig {
    pub model: String,
    pub max_tokens: Option<u32>,
}

pub fn request_body(config: &StreamConfig) -> String {
    format!("{} {:?}", config.model, config.max_tokens)
}
