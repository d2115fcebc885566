//! Plan-and-execute: the model writes a numbered plan, the executor runs it
//! step by step and asks for a new plan when a step fails.

/// Returns `$err` from the enclosing function once `$used` reached `$ceiling`.
macro_rules! stop_if_spent {
    ($used:expr => $ceiling:expr, $err:expr) => {
        if $used >= $ceiling {
            return Err($err);
        }
    };
}

#[derive(Debug, Clone)]
pub struct PlannerConfig {
    /// Steps kept from one plan; the rest of a longer plan is dropped.
    pub plan_step_limit: usize,
    /// Times the executor may ask for a new plan after a failed step.
    pub replans_allowed: u32,
}

impl Default for PlannerConfig {
    fn default() -> Self {
        Self {
            plan_step_limit: 12,
            replans_allowed: 2,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlanStep {
    pub number: usize,
    pub action: String,
}

#[derive(Debug, PartialEq)]
pub enum PlanError {
    EmptyPlan,
    TooManyReplans { last_failure: String },
}

pub trait Llm {
    fn plan(&mut self, goal: &str, feedback: Option<&str>) -> String;
    fn act(&mut self, step: &PlanStep) -> Result<String, String>;
}

/// Parses lines like `3. run the tests` and keeps the first `plan_step_limit`.
pub fn parse_plan(text: &str, cfg: &PlannerConfig) -> Vec<PlanStep> {
    text.lines()
        .filter_map(|line| {
            let (num, rest) = line.trim().split_once(". ")?;
            Some(PlanStep {
                number: num.parse().ok()?,
                action: rest.trim().to_string(),
            })
        })
        .take(cfg.plan_step_limit)
        .collect()
}

pub struct Executor {
    cfg: PlannerConfig,
    replans: u32,
}

impl Executor {
    pub fn new(cfg: PlannerConfig) -> Self {
        Self { cfg, replans: 0 }
    }

    pub fn execute(&mut self, goal: &str, llm: &mut dyn Llm) -> Result<Vec<String>, PlanError> {
        let mut outputs = Vec::new();
        let mut feedback: Option<String> = None;

        'plans: loop {
            let plan = parse_plan(&llm.plan(goal, feedback.as_deref()), &self.cfg);
            if plan.is_empty() {
                return Err(PlanError::EmptyPlan);
            }
            for step in &plan {
                match llm.act(step) {
                    Ok(out) => outputs.push(out),
                    Err(why) => {
                        let last_failure = format!("step {} ({}) failed: {why}", step.number, step.action);
                        stop_if_spent!(self.replans => self.cfg.replans_allowed,
                            PlanError::TooManyReplans { last_failure });
                        self.replans += 1;
                        feedback = Some(last_failure);
                        continue 'plans;
                    }
                }
            }
            return Ok(outputs);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_plans_are_cut() {
        let cfg = PlannerConfig { plan_step_limit: 2, ..PlannerConfig::default() };
        let plan = parse_plan("1. read\n2. edit\n3. test\n4. commit", &cfg);
        assert_eq!(plan.len(), 2);
    }
}
