//! Folds server-sent events of a streaming completion into a final message
//! and its token usage.

pub mod events;

pub use events::{StopReason, StreamEvent};

#[derive(Debug, Clone)]
pub struct StreamOptions {
    /// Output tokens after which the client stops reading and cancels the stream.
    pub token_cap: u64,
    /// Ask the server for a trailing usage event.
    pub include_usage: bool,
}

impl Default for StreamOptions {
    fn default() -> Self {
        Self {
            token_cap: 4096,
            include_usage: true,
        }
    }
}

#[derive(Debug, PartialEq)]
pub enum Flow {
    Continue,
    Stop(StopReason),
}

/// The message and usage collected so far.
#[derive(Debug, Default)]
pub struct Accumulator {
    pub text: String,
    pub tool_arguments: Vec<String>,
    pub tokens_emitted: u64,
    pub input_tokens: u64,
    pub cached_input_tokens: u64,
}

impl Accumulator {
    pub fn on_event(&mut self, event: StreamEvent, options: &StreamOptions) -> Flow {
        match event {
            StreamEvent::TextDelta { text, tokens } => {
                self.text.push_str(&text);
                self.tokens_emitted += u64::from(tokens);
                if self.tokens_emitted == options.token_cap { //@ BL006
                    return Flow::Stop(StopReason::TokenCap);
                }
            }
            StreamEvent::ToolArgumentsDelta { index, fragment, tokens } => {
                if self.tool_arguments.len() <= index {
                    self.tool_arguments.resize(index + 1, String::new());
                }
                self.tool_arguments[index].push_str(&fragment);
                self.tokens_emitted += u64::from(tokens);
            }
            StreamEvent::Usage { input, cached, output } => {
                if options.include_usage {
                    self.input_tokens = u64::from(input);
                    self.cached_input_tokens = u64::from(cached);
                    // The server's count is authoritative; deltas are estimates.
                    self.tokens_emitted = u64::from(output);
                }
            }
            StreamEvent::Done { reason } => return Flow::Stop(reason),
        }
        Flow::Continue
    }
}

/// Drains a stream of already-decoded events.
pub fn collect(
    events: impl IntoIterator<Item = StreamEvent>,
    options: &StreamOptions,
) -> (Accumulator, Option<StopReason>) {
    let mut acc = Accumulator::default();
    for event in events {
        if let Flow::Stop(reason) = acc.on_event(event, options) {
            return (acc, Some(reason));
        }
    }
    (acc, None)
}
