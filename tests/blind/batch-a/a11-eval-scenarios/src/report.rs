use crate::scenario::{Scenario, ScenarioUsage};

#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Pass,
    Fail(String),
    OutOfBudget,
}

#[derive(Debug, Clone)]
pub struct ScenarioReport {
    pub name: String,
    pub verdict: Verdict,
    pub usage: ScenarioUsage,
}

/// Renders one row of the results table.
pub fn render_row(scenario: &Scenario, report: &ScenarioReport) -> String {
    let u = &report.usage;
    let l = &scenario.limits;
    format!(
        "{:<28} {:<12} turns {:>3}/{:<3} tokens {:>7}/{:<7} tools {:>3}/{:<3}",
        report.name,
        match &report.verdict {
            Verdict::Pass => "pass".to_string(),
            Verdict::Fail(_) => "FAIL".to_string(),
            Verdict::OutOfBudget => "budget".to_string(),
        },
        u.turns_used,
        l.max_turns,
        u.tokens_used,
        l.max_tokens,
        u.tool_calls_used,
        l.max_tool_calls,
    )
}
