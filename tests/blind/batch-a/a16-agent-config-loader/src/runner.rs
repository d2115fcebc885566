use std::time::Duration;

use crate::config::AgentConfig;

#[derive(Debug, PartialEq)]
pub enum Stop {
    Turns,
    Tokens,
    Cost,
}

/// What one model call reported.
pub struct TurnUsage {
    pub tokens: u64,
    pub cost_usd: f64,
    pub command: Option<String>,
}

/// Runs shell commands for the agent; the implementation kills the process
/// at `timeout` and keeps at most `max_output` bytes.
pub trait Exec {
    fn run(&mut self, command: &str, timeout: Duration, max_output: usize) -> String;
}

pub struct Runner {
    cfg: AgentConfig,
    pub turns_used: u32,
    pub tokens_used: u64,
    pub cost_used_usd: f64,
}

impl Runner {
    pub fn new(cfg: AgentConfig) -> Self {
        Self {
            cfg,
            turns_used: 0,
            tokens_used: 0,
            cost_used_usd: 0.0,
        }
    }

    pub fn model(&self) -> &str {
        &self.cfg.model
    }

    /// Turn and token limits, shared with the interactive UI's status bar.
    pub fn admit_turn(&self) -> Result<(), Stop> {
        if self.turns_used >= self.cfg.max_turns {
            return Err(Stop::Turns);
        }
        if self.tokens_used >= self.cfg.max_tokens {
            return Err(Stop::Tokens);
        }
        Ok(())
    }

    /// The spend limit, also checked by the billing webhook.
    pub fn check_spend(&self) -> Result<(), Stop> {
        if self.cost_used_usd >= self.cfg.cost_cap_usd {
            return Err(Stop::Cost);
        }
        Ok(())
    }

    /// One turn: both gates, then the model call and any command it asks for.
    pub fn step(
        &mut self,
        call_model: impl FnOnce(&str) -> TurnUsage,
        exec: &mut dyn Exec,
    ) -> Result<Option<String>, Stop> {
        self.admit_turn()?;
        self.check_spend()?;

        let usage = call_model(&self.cfg.model);
        self.turns_used += 1;
        self.tokens_used += usage.tokens;
        self.cost_used_usd += usage.cost_usd;

        Ok(usage
            .command
            .map(|cmd| exec.run(&cmd, self.cfg.exec_timeout, self.cfg.max_output_bytes)))
    }
}
