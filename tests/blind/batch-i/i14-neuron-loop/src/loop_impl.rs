//! Core AgentLoop struct and run methods.

use crate::config::LoopConfig;
use crate::usage::{check_all_limits, check_turn_limits, UsageCounters};
use crate::{
    CompletionRequest, ContentBlock, LoopError, Message, Provider, Role, StopReason, Tool,
};

/// The result of a completed agent loop run.
#[derive(Debug)]
pub struct AgentResult {
    /// The final text response from the model.
    pub response: String,
    /// Cumulative usage across all turns.
    pub usage: UsageCounters,
    /// Number of turns completed.
    pub turns: usize,
}

/// A run persisted between process restarts.
#[derive(Debug, Clone)]
pub struct SavedRun {
    pub messages: Vec<Message>,
    pub usage: UsageCounters,
}

/// The agentic while loop: drives provider + tool interactions.
pub struct AgentLoop<P: Provider> {
    provider: P,
    tools: Vec<Box<dyn Tool>>,
    config: LoopConfig,
    messages: Vec<Message>,
    /// Usage as of the last completed turn, for [`AgentLoop::save`].
    last_usage: UsageCounters,
}

fn extract_text(message: &Message) -> String {
    message
        .content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text(text) => Some(text.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("")
}

impl<P: Provider> AgentLoop<P> {
    pub fn new(provider: P, tools: Vec<Box<dyn Tool>>, config: LoopConfig) -> Self {
        Self { provider, tools, config, messages: Vec::new(), last_usage: UsageCounters::default() }
    }

    /// Snapshot of the conversation and its usage, to resume later.
    pub fn save(&self) -> SavedRun {
        SavedRun { messages: self.messages.clone(), usage: self.last_usage.clone() }
    }

    /// Run the agentic loop to completion.
    pub fn run(&mut self, user_message: Message) -> Result<AgentResult, LoopError> {
        self.messages.push(user_message);
        self.drive(UsageCounters::default())
    }

    /// Continue a saved run.
    pub fn resume(&mut self, saved: SavedRun) -> Result<AgentResult, LoopError> {
        if let Some(limits) = &self.config.usage_limits {
            check_all_limits(limits, &saved.usage)?;
        }
        self.messages = saved.messages;
        self.drive(saved.usage)
    }

    fn token_estimate(&self) -> u64 {
        let chars: usize = self
            .messages
            .iter()
            .flat_map(|m| m.content.iter())
            .map(|b| match b {
                ContentBlock::Text(t) => t.len(),
                ContentBlock::ToolUse { input, .. } => input.len(),
                ContentBlock::ToolResult { content, .. } => content.len(),
            })
            .sum();
        (chars / 4) as u64
    }

    /// Drops the oldest half of the conversation, keeping the first message.
    fn compact(&mut self) {
        if self.messages.len() > 2 {
            let drop = (self.messages.len() - 1) / 2;
            self.messages.drain(1..1 + drop);
        }
    }

    fn execute_tool(&self, id: &str, name: &str, input: &str) -> ContentBlock {
        let (content, is_error) = match self.tools.iter().find(|t| t.name() == name) {
            Some(tool) => match tool.call(input) {
                Ok(out) => (out, false),
                Err(e) => (e, true),
            },
            None => (format!("unknown tool {name}"), true),
        };
        ContentBlock::ToolResult { tool_use_id: id.to_string(), content, is_error }
    }

    fn drive(&mut self, mut usage: UsageCounters) -> Result<AgentResult, LoopError> {
        let mut turns: usize = 0;

        loop {
            // Check max turns
            if let Some(max) = self.config.max_turns {
                if turns >= max {
                    return Err(LoopError::MaxTurns(max));
                }
            }

            // Check usage limits (pre-request)
            if let Some(limits) = &self.config.usage_limits {
                check_turn_limits(limits, &usage)?;
            }

            // Compact the context once it fills up
            let estimate = self.token_estimate();
            if estimate as f64 / self.config.context_window as f64 >= self.config.compact_threshold {
                self.compact();
            }

            let request = CompletionRequest {
                system: self.config.system_prompt.clone(),
                messages: self.messages.clone(),
                tools: self.tools.iter().map(|t| t.name().to_string()).collect(),
            };
            let response = self.provider.complete(request).map_err(LoopError::Provider)?;

            usage.record_response(&response.usage);
            turns += 1;

            let tool_calls: Vec<_> = response
                .message
                .content
                .iter()
                .filter_map(|block| match block {
                    ContentBlock::ToolUse { id, name, input } => {
                        Some((id.clone(), name.clone(), input.clone()))
                    }
                    _ => None,
                })
                .collect();

            self.messages.push(response.message.clone());

            if tool_calls.is_empty() || response.stop_reason == StopReason::EndTurn {
                self.last_usage = usage.clone();
                return Ok(AgentResult {
                    response: extract_text(&response.message),
                    usage,
                    turns,
                });
            }

            let results: Vec<ContentBlock> = tool_calls
                .iter()
                .map(|(id, name, input)| self.execute_tool(id, name, input))
                .collect();
            usage.record_tool_calls(tool_calls.len());

            self.messages.push(Message { role: Role::User, content: results });
            self.last_usage = usage.clone();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CompletionResponse, TokenUsage, UsageLimits};

    struct Echo;
    impl Tool for Echo {
        fn name(&self) -> &str {
            "echo"
        }
        fn call(&self, input: &str) -> Result<String, String> {
            Ok(input.to_string())
        }
    }

    /// Calls `echo` twice per turn for three turns, then answers.
    struct Scripted(std::cell::Cell<usize>);
    impl Provider for Scripted {
        fn complete(&self, _request: CompletionRequest) -> Result<CompletionResponse, String> {
            let n = self.0.get();
            self.0.set(n + 1);
            let (content, stop_reason) = if n < 3 {
                (
                    vec![
                        ContentBlock::ToolUse { id: format!("{n}a"), name: "echo".into(), input: "x".into() },
                        ContentBlock::ToolUse { id: format!("{n}b"), name: "echo".into(), input: "y".into() },
                    ],
                    StopReason::ToolUse,
                )
            } else {
                (vec![ContentBlock::Text("done".into())], StopReason::EndTurn)
            };
            Ok(CompletionResponse {
                message: Message { role: Role::Assistant, content },
                usage: TokenUsage { input_tokens: 100, output_tokens: 10 },
                stop_reason,
            })
        }
    }

    fn user(text: &str) -> Message {
        Message { role: Role::User, content: vec![ContentBlock::Text(text.into())] }
    }

    #[test]
    fn request_limit_stops_the_loop() {
        let config = LoopConfig {
            usage_limits: Some(UsageLimits { request_limit: Some(2), ..Default::default() }),
            ..Default::default()
        };
        let mut agent = AgentLoop::new(Scripted(Default::default()), vec![Box::new(Echo)], config);
        assert!(matches!(agent.run(user("hi")), Err(LoopError::UsageLimitExceeded(_))));
    }

    #[test]
    fn resume_refuses_spent_tool_budget() {
        let config = LoopConfig {
            usage_limits: Some(UsageLimits { tool_calls_limit: Some(4), ..Default::default() }),
            ..Default::default()
        };
        let mut agent = AgentLoop::new(Scripted(Default::default()), vec![Box::new(Echo)], config);
        let saved = SavedRun {
            messages: vec![user("hi")],
            usage: UsageCounters { tool_calls: 4, ..Default::default() },
        };
        assert!(agent.resume(saved).is_err());
    }
}
