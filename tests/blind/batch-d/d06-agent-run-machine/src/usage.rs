use std::ops::{Add, AddAssign};

/// Token usage reported by a provider for one completion request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub total_tokens: u64,
    pub cached_input_tokens: u64,
}

impl Usage {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn to_json(&self) -> String {
        format!(
            "{{\"input_tokens\":{},\"output_tokens\":{},\"total_tokens\":{},\"cached_input_tokens\":{}}}",
            self.input_tokens, self.output_tokens, self.total_tokens, self.cached_input_tokens
        )
    }
}

impl Add for Usage {
    type Output = Self;

    fn add(self, other: Self) -> Self::Output {
        Self {
            input_tokens: self.input_tokens + other.input_tokens,
            output_tokens: self.output_tokens + other.output_tokens,
            total_tokens: self.total_tokens + other.total_tokens,
            cached_input_tokens: self.cached_input_tokens + other.cached_input_tokens,
        }
    }
}

impl AddAssign for Usage {
    fn add_assign(&mut self, other: Self) {
        self.input_tokens += other.input_tokens;
        self.output_tokens += other.output_tokens;
        self.total_tokens += other.total_tokens;
        self.cached_input_tokens += other.cached_input_tokens;
    }
}
