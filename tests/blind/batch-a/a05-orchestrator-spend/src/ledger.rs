use std::collections::HashMap;
use std::sync::Mutex;

/// Per-agent cost accounting, surfaced in the run report.
#[derive(Debug, Default)]
pub struct CostLedger {
    per_agent: Mutex<HashMap<String, f64>>,
    total_cost_usd: Mutex<f64>,
}

impl CostLedger {
    pub fn record(&self, agent: &str, cost_usd: f64) {
        *self
            .per_agent
            .lock()
            .unwrap()
            .entry(agent.to_string())
            .or_insert(0.0) += cost_usd;
        *self.total_cost_usd.lock().unwrap() += cost_usd;
    }

    pub fn total_usd(&self) -> f64 {
        *self.total_cost_usd.lock().unwrap()
    }

    pub fn breakdown(&self) -> Vec<(String, f64)> {
        let mut rows: Vec<_> = self
            .per_agent
            .lock()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), *v))
            .collect();
        rows.sort_by(|a, b| b.1.total_cmp(&a.1));
        rows
    }
}
