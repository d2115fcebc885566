//! Settings for [`Engine`]'s limitations.

use std::num::{NonZeroU64, NonZeroUsize};

use crate::Engine;

/// Default maximum call stack depth.
pub const MAX_CALL_STACK_DEPTH: usize = 64;
/// Default maximum expression nesting depth.
pub const MAX_EXPR_DEPTH: usize = 64;

/// A type containing all the limits imposed by the [`Engine`].
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct Limits {
    /// Maximum levels of call-stack to prevent infinite recursion.
    pub max_call_stack_depth: usize,
    /// Maximum depth of statements/expressions at global level.
    pub max_expr_depth: Option<NonZeroUsize>,
    /// Maximum number of operations allowed to run.
    pub max_operations: Option<NonZeroU64>,
    /// Maximum number of [modules][crate::Module] allowed to load.
    pub max_modules: usize,
    /// Maximum length of a [string][crate::ImmutableString].
    pub max_string_size: Option<NonZeroUsize>,
    /// Maximum length of an [array][crate::Array].
    pub max_array_size: Option<NonZeroUsize>,
    /// Maximum number of properties in an [object map][crate::Map].
    pub max_map_size: Option<NonZeroUsize>,
}

impl Limits {
    /// Create a new [`Limits`] with default values.
    #[inline]
    pub const fn new() -> Self {
        Self {
            max_call_stack_depth: MAX_CALL_STACK_DEPTH,
            max_expr_depth: NonZeroUsize::new(MAX_EXPR_DEPTH),
            max_operations: None,
            max_modules: usize::MAX,
            max_string_size: None,
            max_array_size: None,
            max_map_size: None,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// Set the maximum levels of function calls allowed for a script in order to avoid
    /// infinite recursion and stack overflows.
    #[inline(always)]
    pub fn set_max_call_levels(&mut self, levels: usize) -> &mut Self {
        self.limits.max_call_stack_depth = levels;
        self
    }

    /// The maximum levels of function calls allowed for a script.
    #[inline(always)]
    #[must_use]
    pub const fn max_call_levels(&self) -> usize {
        self.limits.max_call_stack_depth
    }

    /// Set the maximum number of operations allowed for a script to run to avoid
    /// consuming too much resources (0 for unlimited).
    #[inline(always)]
    pub fn set_max_operations(&mut self, operations: u64) -> &mut Self {
        self.limits.max_operations = NonZeroU64::new(operations);
        self
    }

    /// The maximum number of operations allowed for a script to run (0 for unlimited).
    #[inline]
    #[must_use]
    pub const fn max_operations(&self) -> u64 {
        match self.limits.max_operations {
            Some(n) => n.get(),
            None => 0,
        }
    }

    /// Set the maximum number of imported modules allowed for a script.
    #[inline(always)]
    pub fn set_max_modules(&mut self, modules: usize) -> &mut Self {
        self.limits.max_modules = modules;
        self
    }

    /// The maximum number of imported modules allowed for a script.
    #[inline(always)]
    #[must_use]
    pub const fn max_modules(&self) -> usize {
        self.limits.max_modules
    }

    /// Set the depth limits for expressions (0 for unlimited).
    #[inline(always)]
    pub fn set_max_expr_depths(&mut self, max_expr_depth: usize) -> &mut Self {
        self.limits.max_expr_depth = NonZeroUsize::new(max_expr_depth);
        self
    }

    /// The depth limit for expressions (0 for unlimited).
    #[inline]
    #[must_use]
    pub const fn max_expr_depth(&self) -> usize {
        match self.limits.max_expr_depth {
            Some(n) => n.get(),
            None => 0,
        }
    }

    /// Set the maximum length of [strings][crate::ImmutableString] (0 for unlimited).
    #[inline(always)]
    pub fn set_max_string_size(&mut self, max_size: usize) -> &mut Self {
        self.limits.max_string_size = NonZeroUsize::new(max_size);
        self
    }

    /// Set the maximum length of [arrays][crate::Array] (0 for unlimited).
    #[inline(always)]
    pub fn set_max_array_size(&mut self, max_size: usize) -> &mut Self {
        self.limits.max_array_size = NonZeroUsize::new(max_size);
        self
    }

    /// Set the maximum size of [object maps][crate::Map] (0 for unlimited).
    #[inline(always)]
    pub fn set_max_map_size(&mut self, max_size: usize) -> &mut Self {
        self.limits.max_map_size = NonZeroUsize::new(max_size);
        self
    }
}
