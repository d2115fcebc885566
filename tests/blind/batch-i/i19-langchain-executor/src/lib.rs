//! An agent executor: plan, call tools, feed observations back, repeat.

pub mod agent;
pub mod executor;
pub mod llm;
pub mod tools {
    use std::error::Error;

    pub trait Tool: Send + Sync {
        /// Returns the name of the tool.
        fn name(&self) -> String;

        /// Provides a description of what the tool does and when to use it.
        fn description(&self) -> String;

        /// How many times one run of an agent may call this tool. `None` means
        /// unlimited.
        fn usage_limit(&self) -> Option<usize> {
            None
        }

        /// Executes the core functionality of the tool.
        fn call(&self, input: &str) -> Result<String, Box<dyn Error>>;
    }

    /// A web search tool; searching is metered by the provider, so each agent run
    /// gets a small number of queries.
    pub struct SerpApi {
        pub api_key: String,
        pub max_queries_per_run: usize,
    }

    impl Tool for SerpApi {
        fn name(&self) -> String {
            "web_search".to_string()
        }

        fn description(&self) -> String {
            "Searches the web and returns the top results.".to_string()
        }

        fn usage_limit(&self) -> Option<usize> {
            Some(self.max_queries_per_run)
        }

        fn call(&self, input: &str) -> Result<String, Box<dyn Error>> {
            if self.api_key.is_empty() {
                return Err("missing SERPAPI_API_KEY".into());
            }
            Ok(format!("results for {input:?}"))
        }
    }

    pub struct Calculator;

    impl Tool for Calculator {
        fn name(&self) -> String {
            "calculator".to_string()
        }

        fn description(&self) -> String {
            "Adds integers separated by '+'.".to_string()
        }

        fn call(&self, input: &str) -> Result<String, Box<dyn Error>> {
            let mut sum = 0i64;
            for part in input.split('+') {
                sum += part.trim().parse::<i64>()?;
            }
            Ok(sum.to_string())
        }
    }
}

pub use agent::{Agent, AgentAction, AgentEvent};
pub use executor::{AgentExecutor, ChainError};
pub use llm::{CallOptions, ChatRequest};
pub use tools::Tool;
