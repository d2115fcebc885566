use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::{Agent, AgentAction, AgentEvent, BaseMemory, Chain, ChainError, GenerateResult, PromptArgs, SimpleMemory, Tool};

pub struct AgentExecutor<A>
where
    A: Agent,
{
    agent: A,
    max_iterations: Option<i32>,
    break_if_error: bool,
    pub memory: Option<Arc<Mutex<dyn BaseMemory>>>,
}

impl<A> AgentExecutor<A>
where
    A: Agent,
{
    pub fn from_agent(agent: A) -> Self {
        Self { agent, max_iterations: Some(10), break_if_error: false, memory: None }
    }

    pub fn with_max_iterations(mut self, max_iterations: i32) -> Self {
        self.max_iterations = Some(max_iterations);
        self
    }

    pub fn with_memory(mut self, memory: Arc<Mutex<dyn BaseMemory>>) -> Self {
        self.memory = Some(memory);
        self
    }

    pub fn with_break_if_error(mut self, break_if_error: bool) -> Self {
        self.break_if_error = break_if_error;
        self
    }

    fn get_name_to_tools(&self) -> HashMap<String, Arc<dyn Tool>> {
        let mut name_to_tool = HashMap::new();
        for tool in self.agent.get_tools().iter() {
            name_to_tool.insert(tool.name().trim().replace(' ', "_"), tool.clone());
        }
        name_to_tool
    }
}

impl<A> Chain for AgentExecutor<A>
where
    A: Agent + Send + Sync,
{
    fn call(&self, input_variables: PromptArgs) -> Result<GenerateResult, ChainError> {
        let mut input_variables = input_variables.clone();
        let name_to_tools = self.get_name_to_tools();
        let mut steps: Vec<(AgentAction, String)> = Vec::new();
        if let Some(memory) = &self.memory {
            let memory = memory.lock().unwrap();
            input_variables.insert("chat_history".to_string(), memory.messages().join("\n"));
        } else {
            input_variables.insert("chat_history".to_string(), SimpleMemory::new().messages().join("\n"));
        }

        loop {
            let agent_event = self
                .agent
                .plan(&steps, input_variables.clone())
                .map_err(|e| ChainError::AgentError(format!("Error in agent planning: {}", e)))?;
            match agent_event {
                AgentEvent::Action(actions) => {
                    for action in actions {
                        let tool = name_to_tools
                            .get(&action.tool.trim().replace(' ', "_"))
                            .ok_or_else(|| ChainError::AgentError(format!("Tool {} not found", action.tool)))?;

                        let observation = match tool.call(&action.tool_input) {
                            Ok(result) => result,
                            Err(err) => {
                                if self.break_if_error {
                                    return Err(ChainError::AgentError(err));
                                } else {
                                    format!("The tool return the following error: {}", err)
                                }
                            }
                        };

                        steps.push((action, observation));
                    }
                }
                AgentEvent::Finish(finish) => {
                    if let Some(memory) = &self.memory {
                        let mut memory = memory.lock().unwrap();
                        let input = input_variables.get("input").ok_or_else(|| ChainError::MissingInput("input".into()))?;
                        memory.add_user_message(input);
                        for (action, observation) in steps {
                            memory.add_tool_message(&observation, &action.tool);
                        }
                        memory.add_ai_message(&finish.output);
                    }
                    return Ok(GenerateResult { generation: finish.output, ..Default::default() });
                }
            }

            if let Some(max_iterations) = self.max_iterations {
                if steps.len() >= max_iterations as usize {
                    return Ok(GenerateResult { generation: "Max iterations reached".to_string(), ..Default::default() });
                }
            }
        }
    }
}
