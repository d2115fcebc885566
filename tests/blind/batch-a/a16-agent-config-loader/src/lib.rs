//! Loads the agent's limits and runs turns under them.

pub mod config;
pub mod runner;

pub use config::AgentConfig;
pub use runner::{Exec, Runner, Stop, TurnUsage};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_overrides_file() {
        let cfg = AgentConfig::load("max_turns = 10\nmodel = \"a\"", |k| {
            (k == "AGENT_MAX_TURNS").then(|| "3".to_string())
        })
        .unwrap();
        assert_eq!(cfg.max_turns, 3);
        assert_eq!(cfg.model, "a");
    }
}
