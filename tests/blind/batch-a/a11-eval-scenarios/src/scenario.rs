/// Limits one scenario runs under, from its `[limits]` block.
#[derive(Debug, Clone)]
pub struct ScenarioLimits {
    pub max_turns: u32,
    pub max_tokens: u64,
    pub max_tool_calls: u32,
}

impl Default for ScenarioLimits {
    fn default() -> Self {
        Self {
            max_turns: 12,
            max_tokens: 200_000,
            max_tool_calls: 30,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Scenario {
    pub name: String,
    pub prompt: String,
    pub expect_substring: String,
    pub limits: ScenarioLimits,
}

/// One step of the agent under test.
#[derive(Debug, Clone, Default)]
pub struct Step {
    pub tokens: u64,
    pub tool_calls: Vec<String>,
    pub final_answer: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct ScenarioUsage {
    pub turns_used: u32,
    pub tokens_used: u64,
    pub tool_calls_used: u32, //@ BL002
}

impl ScenarioUsage {
    /// Whether the agent may take another step.
    pub fn within(&self, limits: &ScenarioLimits) -> bool { //@ BL004
        self.turns_used < limits.max_turns && self.tokens_used < limits.max_tokens
    }

    pub fn record(&mut self, step: &Step) {
        self.turns_used += 1;
        self.tokens_used += step.tokens;
        self.tool_calls_used += step.tool_calls.len() as u32;
    }
}
