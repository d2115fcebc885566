use crate::tokens::ExecutorTokenCountExt;
use crate::{Executor, Options, Tool};
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct AgentAction {
    pub tool: String,
    pub tool_input: String,
    pub log: String,
}

#[derive(Debug, Clone)]
pub struct AgentFinish {
    pub output: String,
    pub log: String,
}

#[derive(Debug, Clone)]
pub struct AgentIntermediateStep {
    pub action: AgentAction,
    pub observation: String,
}

pub enum AgentIntermediateStepOutput {
    Step(AgentIntermediateStep),
    Finish(AgentFinish),
}

#[derive(Debug)]
pub enum SelfAskWithSearchAgentError<E> {
    SearchToolError(E),
    ExecutorError(String),
    ParserError(String),
    RuntimeExceeded { time_elapsed_seconds: f64, iterations_elapsed: u32 },
}

#[derive(Default)]
pub struct EarlyStoppingConfig {
    pub max_iterations: Option<u32>,
    pub max_time_elapsed_seconds: Option<f64>,
}

pub struct Agent<E, T>
where
    E: Executor,
    T: Tool,
    T::Input: From<String>,
    T::Output: Into<String>,
{
    executor: E,
    search_tool: T,
    early_stopping_config: EarlyStoppingConfig,
    observation_prefix: String,
    llm_prefix: String,
}

impl<E, T> Agent<E, T>
where
    E: Executor,
    T: Tool,
    T::Input: From<String>,
    T::Output: Into<String>,
{
    pub fn new(executor: E, search_tool: T, early_stopping_config: EarlyStoppingConfig) -> Self {
        Self {
            executor,
            search_tool,
            early_stopping_config,
            observation_prefix: "Intermediate answer: ".to_string(),
            llm_prefix: "".to_string(),
        }
    }

    fn should_continue(&self, iterations_elapsed: u32, time_elapsed_seconds: f64) -> bool {
        match (self.early_stopping_config.max_iterations, self.early_stopping_config.max_time_elapsed_seconds) {
            (None, None) => true,
            (None, Some(max_time_elapsed_seconds)) => max_time_elapsed_seconds >= time_elapsed_seconds,
            (Some(max_iterations), None) => max_iterations >= iterations_elapsed,
            (Some(max_iterations), Some(max_time_elapsed_seconds)) => {
                max_iterations >= iterations_elapsed && max_time_elapsed_seconds >= time_elapsed_seconds
            }
        }
    }

    fn parse(&self, text: String) -> Result<AgentIntermediateStepOutput, SelfAskWithSearchAgentError<T::Error>> {
        if let Some(idx) = text.find("Follow up:") {
            let question = text[idx + "Follow up:".len()..].lines().next().unwrap_or_default().trim().to_string();
            let action = AgentAction { tool: "Intermediate Answer".into(), tool_input: question, log: text };
            return Ok(AgentIntermediateStepOutput::Step(AgentIntermediateStep { action, observation: String::new() }));
        }
        match text.find("So the final answer is:") {
            Some(idx) => {
                let output = text[idx + "So the final answer is:".len()..].trim().to_string();
                Ok(AgentIntermediateStepOutput::Finish(AgentFinish { output, log: text }))
            }
            None => Err(SelfAskWithSearchAgentError::ParserError(text)),
        }
    }

    /// Ask a model for a decision on what to do next, then perform the action.
    fn take_next_step(&self, intermediate_steps: &[AgentIntermediateStep], query: &str) -> Result<AgentIntermediateStepOutput, SelfAskWithSearchAgentError<T::Error>> {
        let output = self.plan(intermediate_steps, query)?;
        match self.parse(output)? {
            AgentIntermediateStepOutput::Step(step) => {
                let observation = self
                    .search_tool
                    .invoke_typed(&step.action.tool_input.clone().into())
                    .map_err(SelfAskWithSearchAgentError::SearchToolError)?;
                Ok(AgentIntermediateStepOutput::Step(AgentIntermediateStep { action: step.action, observation: observation.into() }))
            }
            finish => Ok(finish),
        }
    }

    /// Convert the intermediate steps into a single text to pass to the agent.
    pub fn build_agent_scratchpad(&self, intermediate_steps: &[AgentIntermediateStep]) -> String {
        let mut scratchpad = "".to_string();
        for intermediate_step in intermediate_steps {
            scratchpad += &intermediate_step.action.log;
            scratchpad += &format!("\n{}{}\n{}", self.observation_prefix, intermediate_step.observation, self.llm_prefix);
        }
        scratchpad
    }

    /// Fills in the prompt template then calls the model to complete it.
    fn plan(&self, intermediate_steps: &[AgentIntermediateStep], query: &str) -> Result<String, SelfAskWithSearchAgentError<T::Error>> {
        let scratchpad = self.build_agent_scratchpad(intermediate_steps);
        let options = Options::empty();
        let mut prompt = format!("Question: {query}\nAre follow up questions needed here:{scratchpad}");
        // Keep only the most recent part of the scratchpad if it does not fit.
        if let Ok(parts) = self.executor.split_to_fit(&options, query, &prompt, None) {
            if let Some(last) = parts.last() {
                prompt = last.clone();
            }
        }
        self.executor.execute(&options, &prompt).map_err(SelfAskWithSearchAgentError::ExecutorError)
    }

    pub fn run(&self, query: &str) -> Result<(AgentFinish, Vec<AgentIntermediateStep>), SelfAskWithSearchAgentError<T::Error>> {
        let mut intermediate_steps = vec![];

        let mut iterations = 0;
        let start = Instant::now();
        let mut full_duration = Duration::from_nanos(0);
        while self.should_continue(iterations, full_duration.as_secs_f64()) {
            let decision = self.take_next_step(&intermediate_steps, query)?;
            full_duration = start.elapsed();
            iterations += 1;
            match decision {
                AgentIntermediateStepOutput::Step(step) => intermediate_steps.push(step),
                AgentIntermediateStepOutput::Finish(finish) => return Ok((finish, intermediate_steps)),
            }
        }
        Err(SelfAskWithSearchAgentError::RuntimeExceeded {
            time_elapsed_seconds: full_duration.as_secs_f64(),
            iterations_elapsed: iterations,
        })
    }
}
