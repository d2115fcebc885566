use std::num::{NonZeroU64, NonZeroUsize};

use crate::Engine;

/// Resource limits applied to every evaluation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    pub max_call_stack_depth: usize,
    pub max_operations: Option<NonZeroU64>,
    pub max_string_size: Option<NonZeroUsize>,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_call_stack_depth: if cfg!(debug_assertions) { 8 } else { 64 },
            max_operations: None,
            max_string_size: None,
        }
    }
}

impl Engine {
    pub fn set_max_operations(&mut self, ops: u64) -> &mut Self {
        self.limits.max_operations = NonZeroU64::new(ops);
        self
    }

    /// The operations budget, `0` meaning unlimited.
    #[inline]
    pub fn max_operations(&self) -> u64 {
        self.limits.max_operations.map_or(0, NonZeroU64::get)
    }

    pub fn set_max_call_levels(&mut self, levels: usize) -> &mut Self {
        self.limits.max_call_stack_depth = levels;
        self
    }

    #[inline]
    pub fn max_call_levels(&self) -> usize {
        self.limits.max_call_stack_depth
    }

    pub fn set_max_string_size(&mut self, size: usize) -> &mut Self {
        self.limits.max_string_size = NonZeroUsize::new(size);
        self
    }

    #[inline]
    pub fn max_string_size(&self) -> usize {
        self.limits.max_string_size.map_or(0, NonZeroUsize::get)
    }
}
