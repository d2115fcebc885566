use std::collections::HashMap;

use crate::PlannerLimits;

#[derive(Debug, Clone, PartialEq)]
pub struct Relation {
    pub name: String,
    pub rows: f64,
    /// Fraction of the cross product a join with this relation keeps.
    pub selectivity: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub order: Vec<usize>,
    pub rows: f64,
    pub cost: f64,
}

/// Bookkeeping of one search, reported by `EXPLAIN (VERBOSE)`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SearchState {
    pub num_plans: usize,
    pub fell_back: bool,
}

pub struct JoinPlanner<'a> {
    limits: &'a PlannerLimits,
}

impl<'a> JoinPlanner<'a> {
    pub fn new(limits: &'a PlannerLimits) -> Self {
        Self { limits }
    }

    fn join(&self, left: &Plan, rel: &Relation, idx: usize) -> Plan {
        let rows = left.rows * rel.rows * rel.selectivity;
        let mut order = left.order.clone();
        order.push(idx);
        Plan { order, rows, cost: left.cost + rows * self.limits.row_cost + rel.rows * self.limits.row_cost }
    }

    fn scan(&self, rels: &[Relation], i: usize) -> Plan {
        Plan { order: vec![i], rows: rels[i].rows, cost: rels[i].rows * self.limits.row_cost }
    }

    /// Always joins the smallest intermediate result next.
    pub fn greedy(&self, rels: &[Relation]) -> Plan {
        let start = (0..rels.len())
            .min_by(|&a, &b| rels[a].rows.total_cmp(&rels[b].rows))
            .expect("at least one relation");
        let mut plan = self.scan(rels, start);
        while plan.order.len() < rels.len() {
            plan = (0..rels.len())
                .filter(|i| !plan.order.contains(i))
                .map(|i| self.join(&plan, &rels[i], i))
                .min_by(|a, b| a.rows.total_cmp(&b.rows))
                .expect("relations left");
        }
        plan
    }

    pub fn plan(&self, rels: &[Relation], state: &mut SearchState) -> Plan {
        let n = rels.len();
        if n > self.limits.max_joins || n > 20 {
            state.fell_back = true;
            return self.greedy(rels);
        }
        let mut best: HashMap<u32, Plan> = (0..n).map(|i| (1u32 << i, self.scan(rels, i))).collect();
        for size in 2..=n as u32 {
            for mask in (1u32..1 << n).filter(|m| m.count_ones() == size) {
                for r in (0..n).filter(|r| mask & (1 << r) != 0) {
                    let Some(left) = best.get(&(mask & !(1 << r))) else { continue };
                    state.num_plans += 1;
                    if state.num_plans >= self.limits.max_joins { //@ BL005
                        state.fell_back = true;
                        return self.greedy(rels);
                    }
                    let candidate = self.join(left, &rels[r], r);
                    if best.get(&mask).map_or(true, |p| candidate.cost < p.cost) {
                        best.insert(mask, candidate);
                    }
                }
            }
        }
        best.remove(&((1u32 << n) - 1)).expect("full set planned")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(name: &str, rows: f64) -> Relation {
        Relation { name: name.into(), rows, selectivity: 0.001 }
    }

    #[test]
    fn small_join_is_exhaustive() {
        let limits = PlannerLimits::default();
        let rels = vec![rel("a", 10.0), rel("b", 1e6), rel("c", 100.0)];
        let mut state = SearchState::default();
        let plan = JoinPlanner::new(&limits).plan(&rels, &mut state);
        assert!(!state.fell_back);
        assert_eq!(plan.order.len(), 3);
    }

    #[test]
    fn wide_join_goes_greedy() {
        let limits = PlannerLimits { max_joins: 2, ..PlannerLimits::default() };
        let rels = vec![rel("a", 10.0), rel("b", 20.0), rel("c", 30.0)];
        let mut state = SearchState::default();
        JoinPlanner::new(&limits).plan(&rels, &mut state);
        assert!(state.fell_back);
    }
}
