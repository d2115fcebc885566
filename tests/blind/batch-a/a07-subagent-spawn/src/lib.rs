//! Lets an agent delegate work to sub-agents, which may delegate in turn.

mod ctx;

pub use ctx::SpawnCtx;

use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Debug, Clone)]
pub struct DelegationPolicy {
    /// How many levels of sub-agents below the root agent are allowed.
    pub max_spawn_depth: u8,
    /// How many sub-agents one parent may start.
    pub max_children: usize,
}

impl Default for DelegationPolicy {
    fn default() -> Self {
        Self {
            max_spawn_depth: 3,
            max_children: 8,
        }
    }
}

#[derive(Debug, PartialEq)]
pub enum SpawnError {
    TooDeep { level: u8 },
    TooManyChildren { parent: String },
}

/// True when an agent at `level` may not start children any more.
fn beyond(level: u8, ceiling: u8) -> bool {
    level >= ceiling
}

pub struct Delegator {
    policy: DelegationPolicy,
    children: Mutex<HashMap<String, usize>>,
}

impl Delegator {
    pub fn new(policy: DelegationPolicy) -> Self {
        Self {
            policy,
            children: Mutex::new(HashMap::new()),
        }
    }

    /// Creates the context for a sub-agent of `parent` that will work on `task`.
    pub fn spawn(&self, parent: &SpawnCtx, task: &str) -> Result<SpawnCtx, SpawnError> {
        if beyond(parent.depth, self.policy.max_spawn_depth) {
            return Err(SpawnError::TooDeep {
                level: parent.depth,
            });
        }

        let mut children = self.children.lock().unwrap();
        let started = children.entry(parent.agent_id.clone()).or_insert(0);
        if *started >= self.policy.max_children {
            return Err(SpawnError::TooManyChildren {
                parent: parent.agent_id.clone(),
            });
        }
        *started += 1;
        let child_id = format!("{}.{}", parent.agent_id, started);
        Ok(parent.child(child_id, task))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_is_bounded() {
        let delegator = Delegator::new(DelegationPolicy {
            max_spawn_depth: 2,
            ..DelegationPolicy::default()
        });
        let root = SpawnCtx::root("root");
        let a = delegator.spawn(&root, "plan").unwrap();
        let b = delegator.spawn(&a, "search").unwrap();
        assert_eq!(b.depth, 2);
        assert!(matches!(
            delegator.spawn(&b, "fetch"),
            Err(SpawnError::TooDeep { level: 2 })
        ));
    }
}
