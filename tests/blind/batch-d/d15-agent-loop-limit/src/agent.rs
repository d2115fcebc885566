use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, VecDeque};
use std::hash::{Hash, Hasher};

use crate::state::{State, StopReason};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    pub args: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ToolOutput { Text(String), Fail(String), Stop(Option<String>) }

#[derive(Debug, Clone, PartialEq)]
pub enum ChatMessage {
    System(String),
    User(String),
    Assistant(Option<String>, Option<Vec<ToolCall>>),
    ToolOutput(ToolCall, ToolOutput),
}

#[derive(Debug)]
pub enum AgentError { AlreadyRunning, CompletionFailed(String), ToolFailed(String) }

pub trait Tool: Send + Sync {
    fn name(&self) -> &str;
    fn invoke(&self, call: &ToolCall) -> Result<ToolOutput, String>;
}

pub trait ChatCompletion: Send + Sync {
    fn complete(&self, messages: &[ChatMessage]) -> Result<ChatMessage, String>;
}

pub enum Hook {
    BeforeAll(Box<dyn Fn(&Agent) + Send + Sync>),
    OnStart(Box<dyn Fn(&Agent) + Send + Sync>),
    AfterTool(Box<dyn Fn(&ToolCall, &mut Result<ToolOutput, String>) + Send + Sync>),
    AfterEach(Box<dyn Fn(&Agent) + Send + Sync>),
}

/// Calls every hook of the given kind, in registration order.
macro_rules! invoke_hooks {
    ($kind:ident, $self:expr) => {
        for hook in $self.hooks.iter() {
            if let Hook::$kind(f) = hook {
                f(&$self);
            }
        }
    };
    ($kind:ident, $self:expr, $($arg:expr),+) => {
        for hook in $self.hooks.iter() {
            if let Hook::$kind(f) = hook {
                f($($arg),+);
            }
        }
    };
}

pub struct Agent {
    pub(crate) hooks: Vec<Hook>,
    pub(crate) history: Vec<ChatMessage>,
    pub(crate) tools: Vec<Box<dyn Tool>>,
    pub(crate) llm: Box<dyn ChatCompletion>,
    pub(crate) system_prompt: Option<String>,
    pub(crate) state: State,
    /// Optional limit on the amount of loops the agent can run.
    /// The counter is reset when the agent is stopped.
    pub(crate) limit: Option<usize>,
    /// The maximum amount of times the failed output of a tool will be send
    /// to an LLM before the agent stops. Defaults to 3.
    pub(crate) tool_retry_limit: usize,
    /// Internally tracks the amount of times a tool has been retried. The key is a hash based on
    /// the name and args of the tool.
    pub(crate) tool_retries_counter: HashMap<u64, usize>,
    pub(crate) name: String,
    pub(crate) pending_user_messages: VecDeque<String>,
}

pub struct AgentBuilder {
    hooks: Vec<Hook>,
    tools: Vec<Box<dyn Tool>>,
    system_prompt: Option<String>,
    limit: Option<usize>,
    tool_retry_limit: usize,
    name: String,
}

impl AgentBuilder {
    pub fn limit(mut self, limit: usize) -> Self { self.limit = Some(limit); self }
    pub fn tool_retry_limit(mut self, limit: usize) -> Self { self.tool_retry_limit = limit; self }
    pub fn system_prompt(mut self, p: impl Into<String>) -> Self { self.system_prompt = Some(p.into()); self }
    pub fn tool(mut self, tool: Box<dyn Tool>) -> Self { self.tools.push(tool); self }
    pub fn hook(mut self, hook: Hook) -> Self { self.hooks.push(hook); self }
    pub fn name(mut self, name: impl Into<String>) -> Self { self.name = name.into(); self }
    pub fn build(self, llm: Box<dyn ChatCompletion>) -> Agent {
        Agent {
            hooks: self.hooks,
            history: Vec::new(),
            tools: self.tools,
            llm,
            system_prompt: self.system_prompt,
            state: State::default(),
            limit: self.limit,
            tool_retry_limit: self.tool_retry_limit,
            tool_retries_counter: HashMap::new(),
            name: self.name,
            pending_user_messages: VecDeque::new(),
        }
    }
}

impl Agent {
    pub fn builder() -> AgentBuilder {
        AgentBuilder {
            hooks: Vec::new(),
            tools: Vec::new(),
            system_prompt: None,
            limit: None,
            tool_retry_limit: 3,
            name: "unnamed_agent".into(),
        }
    }

    pub fn name(&self) -> &str { &self.name }

    pub fn state(&self) -> &State { &self.state }

    pub fn query(&mut self, query: &str) -> Result<(), AgentError> { self.run_agent(Some(query), false) }

    pub fn query_once(&mut self, query: &str) -> Result<(), AgentError> { self.run_agent(Some(query), true) }

    fn run_agent(&mut self, maybe_query: Option<&str>, just_once: bool) -> Result<(), AgentError> {
        if self.state.is_running() {
            return Err(AgentError::AlreadyRunning);
        }
        if self.state.is_pending() {
            invoke_hooks!(BeforeAll, self);
            if let Some(system_prompt) = &self.system_prompt {
                self.history.push(ChatMessage::System(system_prompt.clone()));
            }
        }
        if let Some(query) = maybe_query {
            self.pending_user_messages.push_back(query.to_string());
        }
        while let Some(message) = self.pending_user_messages.pop_front() {
            self.history.push(ChatMessage::User(message));
        }

        invoke_hooks!(OnStart, self);
        self.state = State::Running;

        let mut loop_counter = 0;

        loop {
            if let Some(limit) = self.limit {
                if loop_counter >= limit {
                    eprintln!("Agent loop limit reached");
                    break;
                }
            }

            if let Err(err) = self.step() {
                self.stop(StopReason::Error);
                return Err(err);
            }

            if just_once || self.state.is_stopped() {
                break;
            }
            loop_counter += 1;
        }

        self.stop(StopReason::NoNewMessages);
        Ok(())
    }

    fn step(&mut self) -> Result<(), AgentError> {
        let response = self
            .llm
            .complete(&self.history)
            .map_err(AgentError::CompletionFailed)?;
        let tool_calls = match &response {
            ChatMessage::Assistant(_, Some(calls)) => calls.clone(),
            _ => Vec::new(),
        };
        self.history.push(response);
        if tool_calls.is_empty() {
            self.stop(StopReason::NoNewMessages);
        } else {
            self.invoke_tools(&tool_calls)?;
        }
        invoke_hooks!(AfterEach, self);
        Ok(())
    }

    fn invoke_tools(&mut self, tool_calls: &[ToolCall]) -> Result<(), AgentError> {
        for tool_call in tool_calls {
            let mut output = match self.tools.iter().find(|t| t.name() == tool_call.name) {
                Some(tool) => tool.invoke(tool_call),
                None => Err(format!("tool {} not found", tool_call.name)),
            };

            invoke_hooks!(AfterTool, self, tool_call, &mut output);

            match output {
                Err(error) => {
                    let stop = self.tool_calls_over_limit(tool_call);
                    self.history.push(ChatMessage::ToolOutput(
                        tool_call.clone(),
                        ToolOutput::Fail(error.clone()),
                    ));
                    if stop {
                        self.stop(StopReason::ToolCallsOverLimit(tool_call.to_owned()));
                        return Err(AgentError::ToolFailed(error));
                    }
                }
                Ok(ToolOutput::Stop(message)) => {
                    self.stop(StopReason::RequestedByTool(tool_call.clone(), message));
                }
                Ok(output) => {
                    self.history.push(ChatMessage::ToolOutput(tool_call.clone(), output));
                }
            }
        }
        Ok(())
    }

    fn tool_calls_over_limit(&mut self, tool_call: &ToolCall) -> bool {
        let mut s = DefaultHasher::new();
        tool_call.hash(&mut s);
        let hash = s.finish();

        if let Some(retries) = self.tool_retries_counter.get_mut(&hash) {
            let val = *retries >= self.tool_retry_limit;
            *retries += 1;
            val
        } else {
            self.tool_retries_counter.insert(hash, 1);
            false
        }
    }

    pub fn stop(&mut self, reason: StopReason) {
        if self.state.is_stopped() {
            return;
        }
        self.state = State::Stopped(reason);
    }
}
