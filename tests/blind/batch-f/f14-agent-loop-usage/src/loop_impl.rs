//! Core AgentLoop struct and run methods.

use crate::config::LoopConfig;
use crate::types::{
    CompletionRequest, ContentBlock, ContextStrategy, LoopError, Message, Provider, Role, StopReason, TokenUsage,
    ToolRegistry, UsageLimits,
};

/// The result of a completed agent loop run.
#[derive(Debug)]
pub struct AgentResult {
    /// The final text response from the model.
    pub response: String,
    /// All messages in the conversation (including tool calls/results).
    pub messages: Vec<Message>,
    /// Cumulative token usage across all turns.
    pub usage: TokenUsage,
    /// Number of turns completed.
    pub turns: usize,
}

/// The agentic while loop: drives provider + tool + context interactions.
pub struct AgentLoop<P: Provider, C: ContextStrategy> {
    pub(crate) provider: P,
    pub(crate) tools: ToolRegistry,
    pub(crate) context: C,
    pub(crate) config: LoopConfig,
    pub(crate) messages: Vec<Message>,
}

impl<P: Provider, C: ContextStrategy> AgentLoop<P, C> {
    /// Returns a reference to the current configuration.
    pub fn config(&self) -> &LoopConfig {
        &self.config
    }

    /// Run the agentic loop to completion: call provider, execute tools if needed,
    /// append results, repeat until the model returns a text-only response or a limit is reached.
    pub fn run(&mut self, user_message: Message) -> Result<AgentResult, LoopError> {
        self.messages.push(user_message);

        let mut total_usage = TokenUsage::default();
        let mut turns: usize = 0;
        let mut request_count: usize = 0;
        let mut tool_call_count: usize = 0;

        loop {
            // Check max turns
            if let Some(max) = self.config.max_turns {
                if turns >= max {
                    return Err(LoopError::MaxTurns(max));
                }
            }

            // Check request limit (pre-request)
            if let Some(ref limits) = self.config.usage_limits {
                check_request_limit(limits, request_count)?;
            }

            // Check context compaction
            let token_count = self.context.token_estimate(&self.messages);
            if self.context.should_compact(&self.messages, token_count) {
                self.messages = self.context.compact(self.messages.clone())?;
            }

            let request = CompletionRequest {
                messages: self.messages.clone(),
                system: Some(self.config.system_prompt.clone()),
                tools: self.tools.definitions(),
            };
            let response = self.provider.complete(request)?;

            // Accumulate usage
            accumulate_usage(&mut total_usage, &response.usage);
            request_count += 1;
            turns += 1;

            // Check token limits (post-response)
            if let Some(ref limits) = self.config.usage_limits {
                check_token_limits(limits, &total_usage)?;
            }

            let tool_calls: Vec<_> = response
                .message
                .content
                .iter()
                .filter_map(|block| match block {
                    ContentBlock::ToolUse { id, name, input } => Some((id.clone(), name.clone(), input.clone())),
                    _ => None,
                })
                .collect();

            self.messages.push(response.message.clone());

            // Server-side compaction: the provider paused to compact context.
            if response.stop_reason == StopReason::Compaction {
                continue;
            }

            if tool_calls.is_empty() || response.stop_reason == StopReason::EndTurn {
                return Ok(AgentResult {
                    response: extract_text(&response.message),
                    messages: self.messages.clone(),
                    usage: total_usage,
                    turns,
                });
            }

            // Check tool call limit (pre-tool-call)
            if let Some(ref limits) = self.config.usage_limits {
                check_tool_call_limit(limits, tool_call_count, tool_calls.len())?;
            }
            tool_call_count += tool_calls.len();

            let mut blocks = Vec::new();
            for (call_id, tool_name, input) in &tool_calls {
                blocks.push(self.execute_single_tool(call_id, tool_name, input)?);
            }
            self.messages.push(Message { role: Role::User, content: blocks });
        }
    }

    fn execute_single_tool(&self, call_id: &str, tool_name: &str, input: &str) -> Result<ContentBlock, LoopError> {
        let content = self.tools.execute(tool_name, input)?;
        Ok(ContentBlock::ToolResult { tool_use_id: call_id.to_string(), content, is_error: false })
    }

    /// Create a builder with the required provider and context strategy.
    pub fn builder(provider: P, context: C) -> AgentLoopBuilder<P, C> {
        AgentLoopBuilder { provider, context, tools: ToolRegistry::default(), config: LoopConfig::default() }
    }
}

/// Builder for constructing an [`AgentLoop`] with optional configuration.
pub struct AgentLoopBuilder<P: Provider, C: ContextStrategy> {
    provider: P,
    context: C,
    tools: ToolRegistry,
    config: LoopConfig,
}

impl<P: Provider, C: ContextStrategy> AgentLoopBuilder<P, C> {
    pub fn tools(mut self, tools: ToolRegistry) -> Self {
        self.tools = tools;
        self
    }

    pub fn system_prompt(mut self, prompt: impl Into<String>) -> Self {
        self.config.system_prompt = prompt.into();
        self
    }

    /// Set the maximum number of turns (convenience for setting `config.max_turns`).
    pub fn max_turns(mut self, max: usize) -> Self {
        self.config.max_turns = Some(max);
        self
    }

    /// Set usage limits for the loop (token budgets, request/tool call caps).
    pub fn usage_limits(mut self, limits: UsageLimits) -> Self {
        self.config.usage_limits = Some(limits);
        self
    }

    pub fn build(self) -> AgentLoop<P, C> {
        AgentLoop {
            provider: self.provider,
            tools: self.tools,
            context: self.context,
            config: self.config,
            messages: Vec::new(),
        }
    }
}

// --- Usage limit checks ---

/// Check whether the request count would exceed the configured limit.
pub(crate) fn check_request_limit(limits: &UsageLimits, request_count: usize) -> Result<(), LoopError> {
    if let Some(max) = limits.request_limit {
        if request_count >= max {
            return Err(LoopError::UsageLimitExceeded(format!("request limit of {max} reached")));
        }
    }
    Ok(())
}

/// Check whether accumulated tokens exceed any configured token limit.
pub(crate) fn check_token_limits(limits: &UsageLimits, usage: &TokenUsage) -> Result<(), LoopError> { //@? BL004
    if let Some(max) = limits.input_tokens_limit {
        if usage.input_tokens > max {
            return Err(LoopError::UsageLimitExceeded(format!(
                "input token limit of {max} exceeded (used {})",
                usage.input_tokens
            )));
        }
    }
    if let Some(max) = limits.output_tokens_limit {
        debug_assert!(usage.output_tokens <= max, "output token limit of {max} exceeded (used {})", usage.output_tokens);
    }
    if let Some(max) = limits.total_tokens_limit {
        let total = usage.input_tokens + usage.output_tokens;
        if total > max {
            return Err(LoopError::UsageLimitExceeded(format!("total token limit of {max} exceeded (used {total})")));
        }
    }
    Ok(())
}

/// Check whether the tool call count would exceed the configured limit.
pub(crate) fn check_tool_call_limit(limits: &UsageLimits, current_count: usize, new_calls: usize) -> Result<(), LoopError> {
    if let Some(max) = limits.tool_calls_limit {
        if current_count + new_calls > max {
            return Err(LoopError::UsageLimitExceeded(format!(
                "tool call limit of {max} would be exceeded ({current_count} + {new_calls} calls)"
            )));
        }
    }
    Ok(())
}

/// Extract text content from a message.
pub(crate) fn extract_text(message: &Message) -> String {
    message
        .content
        .iter()
        .filter_map(|block| if let ContentBlock::Text(text) = block { Some(text.as_str()) } else { None })
        .collect::<Vec<_>>()
        .join("")
}

/// Accumulate token usage from a response into the total.
pub(crate) fn accumulate_usage(total: &mut TokenUsage, delta: &TokenUsage) {
    total.input_tokens += delta.input_tokens;
    total.output_tokens += delta.output_tokens;
    if let Some(cache_read) = delta.cache_read_tokens {
        *total.cache_read_tokens.get_or_insert(0) += cache_read;
    }
    if let Some(cache_creation) = delta.cache_creation_tokens {
        *total.cache_creation_tokens.get_or_insert(0) += cache_creation;
    }
    if let Some(reasoning) = delta.reasoning_tokens {
        *total.reasoning_tokens.get_or_insert(0) += reasoning;
    }
}
