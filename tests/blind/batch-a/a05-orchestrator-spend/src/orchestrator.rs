use std::sync::Arc;
use std::thread;

use crate::budget::SharedBudget;
use crate::ledger::CostLedger;

/// What a worker returns after finishing its subtask.
#[derive(Debug, Clone)]
pub struct WorkerReport {
    pub agent: String,
    pub output: String,
    pub cost_usd: f64,
}

pub type Worker = Arc<dyn Fn(&str) -> WorkerReport + Send + Sync>;

pub struct Orchestrator {
    budget: Arc<SharedBudget>,
    ledger: Arc<CostLedger>,
    workers: Vec<(String, Worker)>,
}

impl Orchestrator {
    pub fn new(budget: Arc<SharedBudget>, ledger: Arc<CostLedger>) -> Self {
        Self {
            budget,
            ledger,
            workers: Vec::new(),
        }
    }

    pub fn add_worker(&mut self, name: &str, worker: Worker) {
        self.workers.push((name.to_string(), worker));
    }

    /// Runs the subtasks in waves of parallel workers until all are done or
    /// the budget is gone.
    pub fn run(&self, subtasks: &[String], wave: usize) -> Vec<WorkerReport> {
        let mut reports = Vec::new();
        for chunk in subtasks.chunks(wave.max(1)) {
            if self.budget.exhausted() {
                break;
            }
            let handles: Vec<_> = chunk
                .iter()
                .enumerate()
                .map(|(i, task)| {
                    let (_, worker) = &self.workers[i % self.workers.len()];
                    let worker = Arc::clone(worker);
                    let ledger = Arc::clone(&self.ledger);
                    let task = task.clone();
                    thread::spawn(move || {
                        let report = worker(&task);
                        ledger.record(&report.agent, report.cost_usd);
                        report
                    })
                })
                .collect();
            for handle in handles {
                if let Ok(report) = handle.join() {
                    reports.push(report);
                }
            }
        }
        reports
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn stops_when_budget_is_spent() {
        let budget = SharedBudget::new(1.0);
        let ledger = Arc::new(CostLedger::default());
        let mut orch = Orchestrator::new(Arc::clone(&budget), ledger);
        orch.add_worker(
            "writer",
            Arc::new(|t: &str| WorkerReport {
                agent: "writer".into(),
                output: t.to_uppercase(),
                cost_usd: 0.6,
            }),
        );
        budget.spent_cents.fetch_add(100, Ordering::AcqRel);
        let reports = orch.run(&["a".into(), "b".into()], 1);
        assert!(reports.is_empty());
    }
}
