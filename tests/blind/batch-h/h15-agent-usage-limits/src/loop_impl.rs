use std::fmt;

use crate::config::LoopConfig;
use crate::usage::RunUsage;
use crate::{ContentBlock, Message, Provider, Tool};

#[derive(Debug)]
pub enum LoopError {
    MaxTurns(usize),
    UsageLimitExceeded(String),
    Provider(String),
}

impl fmt::Display for LoopError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopError::MaxTurns(n) => write!(f, "max turns reached ({n})"),
            LoopError::UsageLimitExceeded(m) => write!(f, "usage limit exceeded: {m}"),
            LoopError::Provider(e) => write!(f, "provider error: {e}"),
        }
    }
}

#[derive(Debug)]
pub struct AgentResult {
    pub response: String,
    pub messages: Vec<Message>,
    pub usage: RunUsage,
    pub turns: usize,
}

pub struct AgentLoop<P: Provider> {
    provider: P,
    tools: Vec<Box<dyn Tool>>,
    config: LoopConfig,
    messages: Vec<Message>,
    usage: RunUsage,
}

impl<P: Provider> AgentLoop<P> {
    pub fn new(provider: P, tools: Vec<Box<dyn Tool>>, config: LoopConfig) -> Self {
        AgentLoop { provider, tools, config, messages: Vec::new(), usage: RunUsage::default() }
    }

    /// Resumes from a saved session.
    pub fn with_session(mut self, messages: Vec<Message>, usage: RunUsage) -> Self {
        self.messages = messages;
        self.usage = usage;
        self
    }

    fn execute_tool(&self, name: &str, input: &str) -> (String, bool) {
        match self.tools.iter().find(|t| t.name() == name) {
            Some(tool) => match tool.call(input) {
                Ok(out) => (out, false),
                Err(e) => (e, true),
            },
            None => (format!("unknown tool {name}"), true),
        }
    }

    pub fn run(mut self, user_message: &str) -> Result<AgentResult, LoopError> {
        self.messages.push(Message { role: "user", content: vec![ContentBlock::Text(user_message.into())] });
        if let Some(limits) = &self.config.usage_limits {
            limits.check_on_start(&self.usage)?;
        }

        let mut turns = 0;
        loop {
            if let Some(max) = self.config.max_turns {
                if turns >= max {
                    return Err(LoopError::MaxTurns(max));
                }
            }
            if let Some(limits) = &self.config.usage_limits {
                limits.check_before_request(&self.usage)?;
            }

            let response = self
                .provider
                .complete(&self.config.system_prompt, &self.messages)
                .map_err(LoopError::Provider)?;
            self.usage.record_response(&response.usage);
            turns += 1;

            let calls: Vec<(String, String, String)> = response
                .message
                .content
                .iter()
                .filter_map(|b| match b {
                    ContentBlock::ToolUse { id, name, input } => Some((id.clone(), name.clone(), input.clone())),
                    _ => None,
                })
                .collect();
            self.messages.push(response.message.clone());

            if calls.is_empty() {
                let response = response
                    .message
                    .content
                    .iter()
                    .filter_map(|b| if let ContentBlock::Text(t) = b { Some(t.as_str()) } else { None })
                    .collect::<Vec<_>>()
                    .join("");
                return Ok(AgentResult { response, messages: self.messages, usage: self.usage, turns });
            }

            if self.config.parallel_tool_execution {
                eprintln!("executing {} tool calls", calls.len());
            }
            let mut results = Vec::with_capacity(calls.len());
            for (id, name, input) in &calls {
                let (content, is_error) = self.execute_tool(name, input);
                results.push(ContentBlock::ToolResult { tool_use_id: id.clone(), content, is_error });
            }
            self.usage.record_tool_calls(calls.len() as u32);
            self.messages.push(Message { role: "user", content: results });
        }
    }
}
