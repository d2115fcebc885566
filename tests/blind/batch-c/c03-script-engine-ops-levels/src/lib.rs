//! Tree-walking evaluator for a tiny embedded scripting language.
//!
//! Untrusted scripts are kept in check by [`Limits`]: an operations budget
//! (coarse CPU accounting), a maximum call-stack depth and a maximum string
//! size. A zero / `None` limit means unlimited.

mod eval;
mod limits;

pub use eval::{Dynamic, EvalError, Expr, GlobalRuntimeState};
pub use limits::Limits;

use std::collections::HashMap;

/// The scripting engine: registered script functions plus resource limits.
pub struct Engine {
    pub(crate) limits: Limits,
    pub(crate) functions: HashMap<String, Expr>,
    pub(crate) progress: Option<Box<dyn Fn(u64) -> bool>>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    pub fn new() -> Self {
        Self { limits: Limits::default(), functions: HashMap::new(), progress: None }
    }

    pub fn register_fn(&mut self, name: &str, body: Expr) -> &mut Self {
        self.functions.insert(name.to_string(), body);
        self
    }

    /// Called every operation with the running count; returning `false`
    /// terminates the script.
    pub fn on_progress(&mut self, f: impl Fn(u64) -> bool + 'static) -> &mut Self {
        self.progress = Some(Box::new(f));
        self
    }

    pub fn eval(&self, expr: &Expr) -> Result<Dynamic, EvalError> {
        let mut global = GlobalRuntimeState::default();
        self.eval_expr(&mut global, expr)
    }
}
