//! A* search used by the route planner, over any graph given as a
//! neighbour function. Searches on huge maps are cut off after a number of
//! node expansions so that one unreachable goal cannot stall a request.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::fmt;
use std::hash::Hash;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchConfig {
    /// Expansions allowed before giving up; `None` searches exhaustively.
    pub expansion_budget: Option<usize>,
}

/// Reported with every search in the planner's debug log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchStats {
    pub nodes_expanded: usize,
    /// Largest size the open set reached.
    pub max_frontier: usize,
}

impl fmt::Display for SearchStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expanded={} peak_open={}", self.nodes_expanded, self.max_frontier)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchError {
    Unreachable(SearchStats),
    BudgetExhausted(SearchStats),
}

pub struct Path<N> {
    pub nodes: Vec<N>,
    pub cost: u32,
    pub stats: SearchStats,
}

pub fn astar<N, FN, IN, FH>(
    start: N,
    goal: &N,
    mut neighbours: FN,
    heuristic: FH,
    cfg: &SearchConfig,
) -> Result<Path<N>, SearchError>
where
    N: Clone + Eq + Hash + Ord,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
    FH: Fn(&N) -> u32,
{
    let mut stats = SearchStats::default();
    let mut open = BinaryHeap::new();
    let mut best: HashMap<N, u32> = HashMap::from([(start.clone(), 0)]);
    let mut came_from: HashMap<N, N> = HashMap::new();
    open.push(Reverse((heuristic(&start), 0u32, start)));

    while let Some(Reverse((_, g, node))) = open.pop() {
        if &node == goal {
            let mut nodes = vec![node];
            while let Some(prev) = came_from.get(nodes.last().unwrap()) {
                nodes.push(prev.clone());
            }
            nodes.reverse();
            return Ok(Path { nodes, cost: g, stats });
        }
        if best.get(&node).is_some_and(|&b| g > b) {
            continue; // stale heap entry
        }
        if cfg.expansion_budget.is_some_and(|budget| stats.nodes_expanded >= budget) {
            return Err(SearchError::BudgetExhausted(stats));
        }
        stats.nodes_expanded += 1;

        for (next, weight) in neighbours(&node) {
            let tentative = g + weight;
            if best.get(&next).map_or(true, |&b| tentative < b) {
                best.insert(next.clone(), tentative);
                came_from.insert(next.clone(), node.clone());
                open.push(Reverse((tentative + heuristic(&next), tentative, next)));
            }
        }
        stats.max_frontier = stats.max_frontier.max(open.len());
    }
    Err(SearchError::Unreachable(stats))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(p: &(i32, i32)) -> Vec<((i32, i32), u32)> {
        [(0, 1), (1, 0), (0, -1), (-1, 0)]
            .iter()
            .map(|(dx, dy)| ((p.0 + dx, p.1 + dy), 1))
            .filter(|((x, y), _)| (0..20).contains(x) && (0..20).contains(y) && !(*x == 10 && *y < 19))
            .collect()
    }

    fn manhattan(goal: (i32, i32)) -> impl Fn(&(i32, i32)) -> u32 {
        move |p| goal.0.abs_diff(p.0) + goal.1.abs_diff(p.1)
    }

    #[test]
    fn finds_route_around_wall() {
        let path = astar((0, 0), &(19, 0), grid, manhattan((19, 0)), &SearchConfig::default()).unwrap();
        assert_eq!(path.cost, 19 + 2 * 19);
        assert!(path.stats.nodes_expanded > 0);
    }

    #[test]
    fn budget_cuts_search() {
        let cfg = SearchConfig { expansion_budget: Some(25) };
        match astar((0, 0), &(19, 0), grid, manhattan((19, 0)), &cfg) {
            Err(SearchError::BudgetExhausted(stats)) => assert_eq!(stats.nodes_expanded, 25),
            _ => panic!("expected the budget to run out"),
        }
    }
}
