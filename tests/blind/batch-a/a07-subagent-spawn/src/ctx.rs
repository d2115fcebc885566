/// Carried into every agent so it knows where it sits in the delegation tree.
#[derive(Debug, Clone)]
pub struct SpawnCtx {
    pub agent_id: String,
    pub depth: u8,
    pub lineage: Vec<String>,
}

impl SpawnCtx {
    pub fn root(agent_id: &str) -> Self {
        Self {
            agent_id: agent_id.to_string(),
            depth: 0,
            lineage: Vec::new(),
        }
    }

    /// The context a child starts with: one level deeper, parent's task appended.
    pub fn child(&self, agent_id: String, task: &str) -> Self {
        let mut lineage = self.lineage.clone();
        lineage.push(task.to_string());
        Self {
            agent_id,
            depth: self.depth + 1,
            lineage,
        }
    }

    pub fn breadcrumb(&self) -> String {
        self.lineage.join(" > ")
    }
}
