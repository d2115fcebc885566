use std::collections::HashMap;
use std::fmt;

use crate::agent::{Agent, AgentAction, AgentEvent};

/// Steps the model still gets, after being told to answer, before the run is
/// abandoned.
const FINAL_ANSWER_GRACE_STEPS: usize = 3;

const FORCE_FINAL_ANSWER: &str = "Now it's time you MUST give your absolute best final answer. You'll ignore all previous instructions, stop using any tools, and just return your absolute BEST Final answer.";

#[derive(Debug)]
pub enum ChainError {
    AgentError(String),
}

impl fmt::Display for ChainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChainError::AgentError(s) => write!(f, "agent error: {s}"),
        }
    }
}

impl std::error::Error for ChainError {}

pub struct AgentExecutor<A: Agent> {
    agent: A,
    max_iterations: Option<usize>,
    break_if_error: bool,
}

impl<A: Agent> AgentExecutor<A> {
    pub fn from_agent(agent: A) -> Self {
        Self {
            agent,
            max_iterations: Some(10),
            break_if_error: false,
        }
    }

    pub fn with_max_iterations(mut self, max_iterations: usize) -> Self {
        self.max_iterations = Some(max_iterations);
        self
    }

    pub fn with_break_if_error(mut self, break_if_error: bool) -> Self {
        self.break_if_error = break_if_error;
        self
    }

    pub fn call(&self, input_variables: &mut HashMap<String, String>) -> Result<String, ChainError> {
        let mut steps: Vec<(Option<AgentAction>, String)> = Vec::new();
        let mut use_counts: HashMap<String, usize> = HashMap::new();
        input_variables
            .entry("chat_history".to_string())
            .or_default();

        loop {
            let agent_event = self
                .agent
                .plan(&steps, input_variables)
                .map_err(|e| ChainError::AgentError(format!("Error in agent planning: {}", e)))?;

            match agent_event {
                AgentEvent::Action(actions) => {
                    for action in actions {
                        if let Some(max_iterations) = self.max_iterations {
                            if steps.len() >= max_iterations + FINAL_ANSWER_GRACE_STEPS {
                                return Err(ChainError::AgentError(format!(
                                    "Max iterations ({}) reached without a final answer",
                                    max_iterations
                                )));
                            }
                            if steps.len() >= max_iterations {
                                eprintln!(
                                    "Max iteration ({}) reached, forcing final answer",
                                    max_iterations
                                );
                                steps.push((None, FORCE_FINAL_ANSWER.to_string()));
                                continue;
                            }
                        }

                        let tool_name = action.tool.to_lowercase().replace(' ', "_");
                        let tool = match self.agent.get_tool(&tool_name) {
                            Some(tool) => tool,
                            None => {
                                steps.push((
                                    None,
                                    format!("{} is not a tool, You MUST use a tool OR give your best final answer.", action.tool),
                                ));
                                continue;
                            }
                        };

                        if let Some(usage_limit) = tool.usage_limit() {
                            let count = use_counts.entry(tool_name.clone()).or_insert(0);
                            *count += 1;
                            if *count > usage_limit {
                                steps.push((None, format!("You have used the tool {} too many times, you CANNOT and MUST NOT use it again", action.tool)));
                                continue;
                            }
                        }

                        let observation = match tool.call(&action.tool_input) {
                            Ok(result) => result,
                            Err(err) => {
                                if self.break_if_error {
                                    return Err(ChainError::AgentError(err.to_string()));
                                } else {
                                    format!("The tool return the following error: {}", err)
                                }
                            }
                        };

                        steps.push((Some(action), observation));
                    }
                }
                AgentEvent::Finish(final_answer) => {
                    return Ok(final_answer);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::{ChatModel, ConversationalAgent};
    use crate::llm::{CallOptions, ChatRequest};
    use crate::tools::{SerpApi, Tool};
    use std::sync::Arc;

    /// Keeps searching until it is told it may not.
    struct Stubborn;
    impl ChatModel for Stubborn {
        fn generate(&self, request: &ChatRequest) -> Result<String, String> {
            if request.prompt.contains("MUST NOT use it again") || request.prompt.contains("BEST Final") {
                Ok("done".to_string())
            } else {
                Ok("Action: web_search rust".to_string())
            }
        }
    }

    /// Never answers.
    struct Endless;
    impl ChatModel for Endless {
        fn generate(&self, _request: &ChatRequest) -> Result<String, String> {
            Ok("Action: calculator 1 + 1".to_string())
        }
    }

    #[test]
    fn iterations_are_bounded() {
        let agent = ConversationalAgent {
            model: Endless,
            tools: vec![Arc::new(crate::tools::Calculator) as Arc<dyn Tool>],
            options: CallOptions::new(),
        };
        let exec = AgentExecutor::from_agent(agent).with_max_iterations(4);
        let mut inputs = HashMap::new();
        assert!(exec.call(&mut inputs).is_err());
    }

    #[test]
    fn per_tool_limit_stops_searching() {
        let search: Arc<dyn Tool> = Arc::new(SerpApi { api_key: "k".into(), max_queries_per_run: 2 });
        let agent = ConversationalAgent {
            model: Stubborn,
            tools: vec![search],
            options: CallOptions::new().with_max_tokens(64),
        };
        let exec = AgentExecutor::from_agent(agent).with_max_iterations(20);
        let mut inputs = HashMap::new();
        inputs.insert("input".to_string(), "what is rust".to_string());
        assert_eq!(exec.call(&mut inputs).unwrap(), "done");
    }
}
