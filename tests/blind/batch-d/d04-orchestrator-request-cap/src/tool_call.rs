use std::collections::{HashMap, HashSet};

pub type ToolName = String;

#[derive(Debug, Clone)]
pub struct ToolResult {
    pub name: ToolName,
    pub output: String,
    pub is_error: bool,
}

impl ToolResult {
    pub fn is_error(&self) -> bool {
        self.is_error
    }
}

#[derive(Debug, Clone)]
pub struct ToolCallFull {
    pub name: ToolName,
    pub arguments: String,
}

#[derive(Default, Clone, Debug)]
pub struct ToolErrorTracker {
    errors: HashMap<ToolName, usize>,
    limit: usize,
}

impl ToolErrorTracker {
    pub fn new(limit: usize) -> Self {
        Self {
            errors: Default::default(),
            limit,
        }
    }

    pub fn errors(&self) -> &HashMap<ToolName, usize> {
        &self.errors
    }

    pub fn limit(&self) -> &usize {
        &self.limit
    }

    pub fn adjust_record(&mut self, records: &[(ToolCallFull, ToolResult)]) -> &mut Self {
        let failed = records
            .iter()
            .filter(|record| record.1.is_error())
            .map(|record| &record.1.name)
            .collect::<Vec<_>>();
        let succeeded = records
            .iter()
            .filter(|record| !record.1.is_error())
            .map(|record| &record.1.name)
            .collect::<Vec<_>>();
        self.adjust(&failed, &succeeded)
    }

    fn adjust(&mut self, failed: &[&ToolName], succeeded: &[&ToolName]) -> &mut Self {
        // Handle failures first
        let uniq_failed = failed.iter().collect::<HashSet<&&ToolName>>();
        for tool in uniq_failed.iter() {
            if let Some(count) = self.errors.get_mut(**tool) {
                *count += 1;
            } else {
                self.errors.insert((**tool).to_owned(), 1);
            }
        }
        // Reset counter for tools that have clear evidence of success
        for tool in succeeded.iter().filter(|tool| !uniq_failed.contains(tool)) {
            self.errors.remove(*tool);
        }
        self
    }

    fn maxed_out_tools(&self) -> Vec<&ToolName> {
        let limit = self.limit;
        self.errors
            .iter()
            .filter(|(_, count)| **count >= limit)
            .map(|data| data.0)
            .collect::<Vec<_>>()
    }

    pub fn limit_reached(&self) -> bool {
        !self.maxed_out_tools().is_empty()
    }

    pub fn error_count(&self, tool_name: &ToolName) -> usize {
        *self.errors.get(tool_name).unwrap_or(&0)
    }

    pub fn remaining_attempts(&self, tool_name: &ToolName) -> usize {
        let current_attempts = self.error_count(tool_name);
        self.limit.saturating_sub(current_attempts)
    }
}
