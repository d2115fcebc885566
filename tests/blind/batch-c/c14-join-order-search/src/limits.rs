/// Planner knobs, set per session (`SET planner.max_joins = 10`).
#[derive(Debug, Clone, PartialEq)]
pub struct PlannerLimits {
    /// Joins of more relations than this skip the exhaustive search.
    pub max_joins: usize,
    /// Candidate plans the exhaustive search may cost before settling.
    pub max_plans: usize, //@ BL003
    /// Estimated cost of producing one joined row.
    pub row_cost: f64,
}

impl Default for PlannerLimits {
    fn default() -> Self {
        Self { max_joins: 12, max_plans: 20_000, row_cost: 0.01 }
    }
}

impl PlannerLimits {
    /// Applies one `SET planner.<key> = <value>` statement.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let bad = |_| format!("invalid value for planner.{key}: {value}");
        match key {
            "max_joins" => self.max_joins = value.parse().map_err(bad)?,
            "max_plans" => self.max_plans = value.parse().map_err(bad)?,
            "row_cost" => self.row_cost = value.parse().map_err(|_| format!("invalid value {value}"))?,
            _ => return Err(format!("unknown planner setting {key}")),
        }
        Ok(())
    }
}
