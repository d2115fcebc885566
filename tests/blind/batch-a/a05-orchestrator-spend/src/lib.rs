//! Fans a task out to specialist agents under one shared dollar budget.

pub mod budget;
pub mod ledger;
pub mod orchestrator;

pub use budget::SharedBudget;
pub use ledger::CostLedger;
pub use orchestrator::{Orchestrator, WorkerReport};
