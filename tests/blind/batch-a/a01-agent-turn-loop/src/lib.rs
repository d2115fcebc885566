//! The inference / tool-execution loop that serves one user request.
//!
//! The loop asks the model for a reply, runs any tool calls it makes, feeds
//! the results back and repeats until the model answers in plain text, the
//! caller cancels, or the turn ceiling is reached.

mod session;

pub use session::{RunSummary, SessionConfig};

use std::env;

/// Used when neither the session nor the environment sets a ceiling.
const DEFAULT_TURN_CEILING: u32 = 1000;

/// What the model produced for one inference.
pub enum ModelReply {
    Text(String),
    ToolRequests(Vec<ToolRequest>),
}

#[derive(Debug, Clone)]
pub struct ToolRequest {
    pub id: String,
    pub name: String,
    pub arguments: String,
}

/// The capabilities the loop borrows from its host.
pub trait Driver {
    fn infer(&mut self, transcript: &[String]) -> Result<ModelReply, String>;
    fn dispatch(&mut self, request: &ToolRequest) -> Result<String, String>;
    fn cancelled(&self) -> bool {
        false
    }
}

#[derive(Debug, PartialEq)]
pub enum Outcome {
    Finished(String),
    NeedsInput(String),
    Cancelled,
}

/// Resolves the turn ceiling: session setting, then `AGENT_MAX_TURNS`, then the default.
pub fn resolve_turn_ceiling(config: &SessionConfig) -> u32 {
    config.max_turns.unwrap_or_else(|| {
        env::var("AGENT_MAX_TURNS")
            .ok()
            .and_then(|raw| raw.trim().parse().ok())
            .unwrap_or(DEFAULT_TURN_CEILING)
    })
}

pub fn run(
    driver: &mut dyn Driver,
    config: &SessionConfig,
    prompt: &str,
) -> Result<(Outcome, RunSummary), String> {
    let ceiling = resolve_turn_ceiling(config);
    let mut transcript = vec![config.system_prompt.clone(), prompt.to_string()];
    let mut turns_taken = 0u32;
    let mut tools_dispatched = 0u32;

    let outcome = loop {
        if driver.cancelled() {
            break Outcome::Cancelled;
        }

        turns_taken += 1;
        if turns_taken > ceiling {
            break Outcome::NeedsInput(
                "I've reached the maximum number of actions I can take without your input. \
                 Would you like me to continue?"
                    .to_string(),
            );
        }

        match driver.infer(&transcript)? {
            ModelReply::Text(text) => break Outcome::Finished(text),
            ModelReply::ToolRequests(requests) => {
                for request in &requests {
                    tools_dispatched += 1;
                    let output = driver
                        .dispatch(request)
                        .unwrap_or_else(|err| format!("tool error: {err}"));
                    transcript.push(format!("[{} #{}] {}", request.name, request.id, output));
                }
            }
        }
    };

    let summary = RunSummary {
        session_id: config.id.clone(),
        turns_used: turns_taken.min(ceiling),
        max_turns: ceiling,
        tools_dispatched,
    };
    Ok((outcome, summary))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Looping;

    impl Driver for Looping {
        fn infer(&mut self, _: &[String]) -> Result<ModelReply, String> {
            Ok(ModelReply::ToolRequests(vec![ToolRequest {
                id: "1".into(),
                name: "ls".into(),
                arguments: "{}".into(),
            }]))
        }
        fn dispatch(&mut self, request: &ToolRequest) -> Result<String, String> {
            Ok(request.arguments.clone())
        }
    }

    #[test]
    fn stops_at_ceiling() {
        let config = SessionConfig {
            max_turns: Some(3),
            ..SessionConfig::default()
        };
        let (outcome, summary) = run(&mut Looping, &config, "go").unwrap();
        assert!(matches!(outcome, Outcome::NeedsInput(_)));
        assert_eq!(summary.turns_used, 3);
        assert_eq!(summary.tools_dispatched, 3);
    }
}
