//! `max_tokens` is a per-request parameter handed to the provider, which
//! enforces it. `Usage` sums what providers report; nothing here connects
//! the two, and nothing should.

#[derive(Debug, Default, Clone, Copy)]
pub struct Usage {
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub total_tokens: u64,
}

impl std::ops::AddAssign for Usage {
    fn add_assign(&mut self, other: Usage) {
        self.input_tokens += other.input_tokens;
        self.output_tokens += other.output_tokens;
        self.total_tokens += other.total_tokens;
    }
}

pub struct CompletionRequest {
    pub prompt: String,
    pub max_tokens: Option<u64>,
}

pub fn request_body(request: &CompletionRequest) -> String {
    match request.max_tokens {
        Some(max) => format!("{{\"prompt\":{:?},\"max_tokens\":{max}}}", request.prompt),
        None => format!("{{\"prompt\":{:?}}}", request.prompt),
    }
}
