use std::collections::HashMap;

use crate::agent::Agent;
use crate::tool_call::{ToolCallFull, ToolErrorTracker, ToolName, ToolResult};

#[derive(Debug, Clone, PartialEq)]
pub enum InterruptionReason {
    MaxToolFailurePerTurnLimitReached {
        limit: u64,
        errors: HashMap<ToolName, usize>,
    },
    MaxRequestPerTurnLimitReached {
        limit: u64,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum ChatResponse {
    TaskMessage(String),
    Interrupt { reason: InterruptionReason },
}

/// Payload handed to `Request` lifecycle hooks.
#[derive(Debug, Clone)]
pub struct RequestPayload {
    pub request_count: usize,
}

impl RequestPayload {
    pub fn new(request_count: usize) -> Self {
        Self { request_count }
    }
}

#[derive(Debug, Clone)]
pub struct ChatCompletionMessageFull {
    pub content: String,
    pub tool_calls: Vec<ToolCallFull>,
    pub finished: bool,
}

pub trait Services {
    fn chat_agent(&self, model: &str, context: &[String]) -> Result<ChatCompletionMessageFull, String>;
    fn call_tool(&self, call: &ToolCallFull) -> ToolResult;
    fn on_request(&self, payload: &RequestPayload);
}

pub fn app_orchestrator<'a, S: Services>(agent: Agent, services: &'a S) -> Orchestrator<'a, S> {
    let max_tool_failure_per_turn = agent.max_tool_failure_per_turn.unwrap_or(3);
    Orchestrator {
        services,
        agent,
        error_tracker: ToolErrorTracker::new(max_tool_failure_per_turn),
        sent: Vec::new(),
    }
}

pub struct Orchestrator<'a, S> {
    services: &'a S,
    agent: Agent,
    error_tracker: ToolErrorTracker,
    sent: Vec<ChatResponse>,
}

impl<S: Services> Orchestrator<'_, S> {
    fn send(&mut self, message: ChatResponse) { self.sent.push(message); }

    pub fn sent(&self) -> &[ChatResponse] { &self.sent }

    pub fn run(&mut self, mut context: Vec<String>) -> Result<Vec<String>, String> {
        let model_id = self.agent.model.clone();

        // Signals that the loop should suspend (task may or may not be completed)
        let mut should_yield = false;

        let mut request_count = 0;

        // Retrieve the number of requests allowed per tick.
        let max_requests_per_turn = self.agent.max_requests_per_turn;

        while !should_yield {
            self.services.on_request(&RequestPayload::new(request_count));

            let message = self.services.chat_agent(&model_id, &context)?;

            let is_complete = message.finished && message.tool_calls.is_empty();
            should_yield = is_complete;

            let mut tool_call_records: Vec<(ToolCallFull, ToolResult)> = message
                .tool_calls
                .iter()
                .map(|call| (call.clone(), self.services.call_tool(call)))
                .collect();

            self.error_tracker.adjust_record(&tool_call_records);
            let allowed_max_attempts = *self.error_tracker.limit();
            for (_, result) in tool_call_records.iter_mut() {
                if result.is_error() {
                    let attempts_left = self.error_tracker.remaining_attempts(&result.name);
                    // Add attempt information to the error message so the agent can reflect on it.
                    result.output.push_str(&format!(
                        "\n<retry>{{\"attempts_left\":{attempts_left},\"allowed_max_attempts\":{allowed_max_attempts}}}</retry>"
                    ));
                }
            }

            context.push(message.content.clone());
            context.extend(tool_call_records.into_iter().map(|(_, r)| r.output));

            if self.error_tracker.limit_reached() {
                let reason = InterruptionReason::MaxToolFailurePerTurnLimitReached {
                    limit: *self.error_tracker.limit() as u64,
                    errors: self.error_tracker.errors().clone(),
                };
                self.send(ChatResponse::Interrupt { reason });
                // Should yield if too many errors are produced
                should_yield = true;
            }

            request_count += 1;

            if !should_yield {
                if let Some(max_request_allowed) = max_requests_per_turn {
                    // Check if agent has reached the maximum request per turn limit
                    if request_count >= max_request_allowed {
                        self.send(ChatResponse::Interrupt {
                            reason: InterruptionReason::MaxRequestPerTurnLimitReached {
                                limit: max_request_allowed as u64,
                            },
                        });
                        // force completion
                        should_yield = true;
                    }
                }
            }

            if is_complete {
                self.send(ChatResponse::TaskMessage(message.content));
            }
        }

        Ok(context)
    }
}
