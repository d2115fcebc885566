//! A harness that replays scenarios against an agent and grades the answers.

pub mod report;
pub mod scenario;

use report::{ScenarioReport, Verdict};
use scenario::{Scenario, ScenarioUsage, Step};

/// The agent under evaluation.
pub trait AgentUnderTest {
    fn reset(&mut self, prompt: &str);
    fn step(&mut self) -> Step;
}

pub fn run_scenario(agent: &mut dyn AgentUnderTest, scenario: &Scenario) -> ScenarioReport {
    agent.reset(&scenario.prompt);
    let mut usage = ScenarioUsage::default();

    let verdict = loop {
        if !usage.within(&scenario.limits) {
            break Verdict::OutOfBudget;
        }
        let step = agent.step();
        usage.record(&step);
        if let Some(answer) = step.final_answer {
            break if answer.contains(&scenario.expect_substring) {
                Verdict::Pass
            } else {
                Verdict::Fail(answer)
            };
        }
    };

    ScenarioReport {
        name: scenario.name.clone(),
        verdict,
        usage,
    }
}

pub fn run_suite(agent: &mut dyn AgentUnderTest, suite: &[Scenario]) -> Vec<String> {
    suite
        .iter()
        .map(|s| report::render_row(s, &run_scenario(agent, s)))
        .collect()
}
