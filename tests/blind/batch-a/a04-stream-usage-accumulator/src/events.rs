/// One decoded `data:` line of the stream.
#[derive(Debug, Clone)]
pub enum StreamEvent {
    TextDelta {
        text: String,
        /// Tokens in this delta as estimated by the server's tokenizer.
        tokens: u32,
    },
    ToolArgumentsDelta {
        index: usize,
        fragment: String,
        tokens: u32,
    },
    Usage {
        input: u32,
        cached: u32,
        output: u32,
    },
    Done {
        reason: StopReason,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    EndTurn,
    Length,
    ToolUse,
    TokenCap,
}

impl StopReason {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "stop" | "end_turn" => Some(Self::EndTurn),
            "length" | "max_tokens" => Some(Self::Length),
            "tool_calls" | "tool_use" => Some(Self::ToolUse),
            _ => None,
        }
    }
}
