/// What the model family allows, from the model catalogue.
#[derive(Debug, Clone)]
pub struct ModelWindow {
    pub slug: String,
    /// Hard size of the context window in tokens.
    pub context_window: u64,
    /// Tokens held back for the model's answer.
    pub reserved_output: u64,
    /// Above this many tokens the history is summarised before the next
    /// request; defaults to 90% of the usable window.
    pub auto_compact_limit: Option<u64>,
}

impl ModelWindow {
    pub fn lookup(slug: &str) -> Option<Self> {
        let (context_window, reserved_output) = match slug {
            s if s.starts_with("gpt-4.1") => (1_047_576, 32_768),
            s if s.starts_with("o3") || s.starts_with("o4-mini") => (200_000, 100_000),
            s if s.starts_with("gpt-4o") => (128_000, 16_384),
            _ => return None,
        };
        Some(Self {
            slug: slug.to_string(),
            context_window,
            reserved_output,
            auto_compact_limit: None,
        })
    }

    /// Tokens that prompt and history may occupy.
    pub fn usable(&self) -> u64 {
        self.context_window.saturating_sub(self.reserved_output)
    }
}
