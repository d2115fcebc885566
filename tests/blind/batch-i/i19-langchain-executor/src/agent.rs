use std::collections::HashMap;
use std::sync::Arc;

use crate::llm::{CallOptions, ChatRequest};
use crate::tools::Tool;

#[derive(Debug, Clone)]
pub struct AgentAction {
    pub tool: String,
    pub tool_input: String,
    pub log: String,
}

#[derive(Debug, Clone)]
pub enum AgentEvent {
    Action(Vec<AgentAction>),
    Finish(String),
}

pub trait Agent {
    fn plan(
        &self,
        intermediate_steps: &[(Option<AgentAction>, String)],
        inputs: &HashMap<String, String>,
    ) -> Result<AgentEvent, String>;

    fn get_tool(&self, tool_name: &str) -> Option<Arc<dyn Tool>>;
}

/// The model behind a conversational agent.
pub trait ChatModel {
    fn generate(&self, request: &ChatRequest) -> Result<String, String>;
}

/// A ReAct-style agent whose plan is whatever the model answers.
pub struct ConversationalAgent<M> {
    pub model: M,
    pub tools: Vec<Arc<dyn Tool>>,
    pub options: CallOptions,
}

impl<M: ChatModel> Agent for ConversationalAgent<M> {
    fn plan(
        &self,
        intermediate_steps: &[(Option<AgentAction>, String)],
        inputs: &HashMap<String, String>,
    ) -> Result<AgentEvent, String> {
        let mut prompt = inputs.get("input").cloned().unwrap_or_default();
        for (action, observation) in intermediate_steps {
            if let Some(action) = action {
                prompt.push_str(&format!("\nAction: {} {}", action.tool, action.tool_input));
            }
            prompt.push_str(&format!("\nObservation: {observation}"));
        }
        let request = ChatRequest::new("gpt-4o-mini", prompt, &self.options);
        let answer = self.model.generate(&request)?;
        match answer.strip_prefix("Action:") {
            Some(rest) => {
                let (tool, input) = rest.trim().split_once(' ').unwrap_or((rest.trim(), ""));
                Ok(AgentEvent::Action(vec![AgentAction {
                    tool: tool.to_string(),
                    tool_input: input.to_string(),
                    log: answer.clone(),
                }]))
            }
            None => Ok(AgentEvent::Finish(answer)),
        }
    }

    fn get_tool(&self, tool_name: &str) -> Option<Arc<dyn Tool>> {
        self.tools.iter().find(|t| t.name() == tool_name).cloned()
    }
}
