//! [`AgentRun`] owns every *decision* the agent loop makes (turn counting,
//! retry budgets, usage aggregation) without performing any I/O.
use crate::usage::Usage;

#[derive(Debug, Clone, PartialEq)]
pub enum PromptError {
    MaxTurnsError { max_turns: usize, chat_history: Vec<String> },
    UnknownTool(String),
    Cancelled(String),
}

#[derive(Debug, Clone, PartialEq)]
pub enum InvalidToolCallAction {
    Fail,
    Retry { feedback: String },
    Repair { tool_name: String },
    Stop { reason: String },
}

#[derive(Debug, Clone)]
pub struct ModelTurn {
    pub text: String,
    pub tool_calls: Vec<String>,
    pub usage: Usage,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AgentRunStep {
    CallModel { prompt: String, history: Vec<String>, turn: usize },
    CallTools { calls: Vec<String> },
    Retry { feedback: String },
    Done { output: String, usage: Usage },
}

#[derive(Debug, Clone)]
enum RunState {
    PreparingRequest,
    AwaitingModel,
    AwaitingAdvance(ModelTurn),
    Done,
    Failed,
}

#[derive(Debug, Clone)]
pub struct AgentRun {
    max_turns: usize,
    max_invalid_tool_call_retries: usize,
    output_required_fields: Vec<String>,
    max_output_retries: usize,
    output_retries: usize,
    chat_history: Vec<String>,
    new_messages: Vec<String>,
    current_turn: usize,
    usage: Usage,
    completion_call_index: usize,
    invalid_tool_call_retries: usize,
    state: RunState,
}

impl AgentRun {
    /// A run with a one-model-call budget, no output validation and no
    /// invalid tool-call retries.
    pub fn new(prompt: impl Into<String>) -> Self {
        Self {
            max_turns: 1,
            max_invalid_tool_call_retries: 0,
            output_required_fields: Vec::new(),
            max_output_retries: 0,
            output_retries: 0,
            chat_history: Vec::new(),
            new_messages: vec![prompt.into()],
            current_turn: 0,
            usage: Usage::new(),
            completion_call_index: 0,
            invalid_tool_call_retries: 0,
            state: RunState::PreparingRequest,
        }
    }

    pub fn with_history(mut self, history: Vec<String>) -> Self {
        self.chat_history = history;
        self
    }

    pub fn max_turns(mut self, max_turns: usize) -> Self {
        self.max_turns = max_turns;
        self
    }

    pub fn with_output_validation(mut self, required: Vec<String>, max_output_retries: usize) -> Self {
        self.output_required_fields = required;
        self.max_output_retries = max_output_retries;
        self
    }

    /// Invalid tool-call retries also consume the total model-call budget.
    pub fn max_invalid_tool_call_retries(mut self, retries: usize) -> Self {
        self.max_invalid_tool_call_retries = retries;
        self
    }

    /// Aggregated token usage across all completed model calls so far.
    pub fn usage(&self) -> Usage {
        self.usage
    }

    /// Number of model calls emitted so far (including retries).
    pub fn turn(&self) -> usize {
        self.current_turn
    }

    fn text_satisfies_output_schema(&self, text: &str) -> bool {
        self.output_required_fields
            .iter()
            .all(|field| text.contains(&format!("\"{field}\"")))
    }

    fn can_reprompt_for_output(&self) -> bool {
        self.output_retries < self.max_output_retries && self.current_turn < self.max_turns
    }

    fn reprompt_for_output(&mut self) -> AgentRunStep {
        self.output_retries += 1;
        let feedback = format!(
            "Respond with a JSON object containing: {}",
            self.output_required_fields.join(", ")
        );
        self.new_messages.push(feedback.clone());
        self.state = RunState::PreparingRequest;
        AgentRunStep::Retry { feedback }
    }

    fn full_history(&self) -> Vec<String> {
        let mut history = self.chat_history.clone();
        history.extend(self.new_messages.iter().cloned());
        history
    }

    pub fn next_step(&mut self) -> Result<AgentRunStep, PromptError> {
        match std::mem::replace(&mut self.state, RunState::Failed) {
            RunState::PreparingRequest => {
                let Some((prompt, history_for_turn)) = self.new_messages.split_last() else {
                    return Err(PromptError::Cancelled("prompt loop lost its pending prompt".into()));
                };
                let prompt = prompt.clone();
                if self.current_turn >= self.max_turns {
                    return Err(PromptError::MaxTurnsError {
                        max_turns: self.max_turns,
                        chat_history: self.full_history(),
                    });
                }
                let mut history = self.chat_history.clone();
                history.extend(history_for_turn.iter().cloned());
                self.current_turn += 1;
                self.state = RunState::AwaitingModel;
                Ok(AgentRunStep::CallModel {
                    prompt,
                    history,
                    turn: self.current_turn,
                })
            }
            RunState::AwaitingAdvance(turn) => {
                if !turn.tool_calls.is_empty() {
                    // Progress with real tools resets the output-retry budget.
                    self.output_retries = 0;
                    self.state = RunState::PreparingRequest;
                    return Ok(AgentRunStep::CallTools {
                        calls: turn.tool_calls,
                    });
                }
                if !self.output_required_fields.is_empty()
                    && !self.text_satisfies_output_schema(&turn.text)
                    && self.can_reprompt_for_output()
                {
                    return Ok(self.reprompt_for_output());
                }
                self.state = RunState::Done;
                Ok(AgentRunStep::Done {
                    output: turn.text,
                    usage: self.usage,
                })
            }
            RunState::AwaitingModel => Err(PromptError::Cancelled("model response pending".into())),
            RunState::Done | RunState::Failed => Err(PromptError::Cancelled("run finished".into())),
        }
    }

    pub fn model_response(&mut self, turn: ModelTurn) {
        self.completion_call_index += 1;
        self.usage += turn.usage;
        self.new_messages.push(turn.text.clone());
        self.state = RunState::AwaitingAdvance(turn);
    }

    pub fn tool_results(&mut self, results: Vec<String>) {
        self.new_messages.extend(results);
    }

    pub fn resolve_invalid_tool_call(
        &mut self,
        action: InvalidToolCallAction,
        tool_name: &str,
        allowed_tool_names: &[String],
    ) -> Result<AgentRunStep, PromptError> {
        let result = match action {
            InvalidToolCallAction::Fail => Err(PromptError::UnknownTool(tool_name.into())),
            InvalidToolCallAction::Retry { feedback } => {
                if self.invalid_tool_call_retries >= self.max_output_retries { //@ BL005
                    Err(PromptError::UnknownTool(tool_name.into()))
                } else {
                    self.invalid_tool_call_retries += 1;
                    self.new_messages.push(feedback.clone());
                    self.state = RunState::PreparingRequest;
                    Ok(AgentRunStep::Retry { feedback })
                }
            }
            InvalidToolCallAction::Repair { tool_name } => {
                if allowed_tool_names.contains(&tool_name) {
                    self.state = RunState::PreparingRequest;
                    Ok(AgentRunStep::CallTools { calls: vec![tool_name] })
                } else {
                    Err(PromptError::UnknownTool(tool_name))
                }
            }
            InvalidToolCallAction::Stop { reason } => Err(PromptError::Cancelled(reason)),
        };
        if result.is_err() {
            self.state = RunState::Failed;
        }
        result
    }

    /// Persisted run state, so a driver can resume it later.
    pub fn to_json(&self) -> String {
        format!(
            "{{\"max_turns\":{},\"max_invalid_tool_call_retries\":{},\"max_output_retries\":{},\"output_retries\":{},\"current_turn\":{},\"usage\":{},\"completion_call_index\":{},\"invalid_tool_call_retries\":{},\"new_messages\":{}}}",
            self.max_turns,
            self.max_invalid_tool_call_retries,
            self.max_output_retries,
            self.output_retries,
            self.current_turn,
            self.usage.to_json(),
            self.completion_call_index,
            self.invalid_tool_call_retries,
            self.new_messages.len(),
        )
    }
}
