//! Join-order search for the query planner.
//!
//! Small joins are ordered by exhaustive dynamic programming over left-deep
//! trees; big joins, or searches that cost too many candidate plans, fall
//! back to the greedy heuristic.

pub mod limits;
pub mod search;

pub use limits::PlannerLimits;
pub use search::{JoinPlanner, Plan, Relation, SearchState};
