use crate::Engine;

#[derive(Debug, Clone, PartialEq)]
pub enum Dynamic {
    Unit,
    Int(i64),
    Str(String),
}

#[derive(Debug, Clone)]
pub enum Expr {
    Int(i64),
    Str(String),
    Add(Box<Expr>, Box<Expr>),
    Call(String),
    /// Evaluates the body the given number of times; yields the last value.
    Repeat(u64, Box<Expr>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    TooManyOperations,
    StackOverflow(usize),
    DataTooLarge(usize),
    Terminated(u64),
    FunctionNotFound(String),
    Mismatch,
}

/// Per-evaluation mutable state.
#[derive(Debug, Default, Clone)]
pub struct GlobalRuntimeState {
    /// Number of operations performed so far.
    pub num_operations: u64,
    /// Current function call nesting level.
    pub level: usize,
}

impl Engine {
    fn track_operation(&self, global: &mut GlobalRuntimeState) -> Result<(), EvalError> {
        global.num_operations += 1;
        let max = self.max_operations();
        if max > 0 && global.num_operations > max {
            return Err(EvalError::TooManyOperations);
        }
        if let Some(progress) = &self.progress {
            if !progress(global.num_operations) {
                return Err(EvalError::Terminated(global.num_operations));
            }
        }
        Ok(())
    }

    fn check_data_size(&self, value: &Dynamic) -> Result<(), EvalError> {
        let max = self.max_string_size();
        match value {
            Dynamic::Str(s) if max > 0 && s.len() > max => Err(EvalError::DataTooLarge(s.len())),
            _ => Ok(()),
        }
    }

    pub(crate) fn eval_expr(
        &self,
        global: &mut GlobalRuntimeState,
        expr: &Expr,
    ) -> Result<Dynamic, EvalError> {
        self.track_operation(global)?;
        match expr {
            Expr::Int(n) => Ok(Dynamic::Int(*n)),
            Expr::Str(s) => Ok(Dynamic::Str(s.clone())),
            Expr::Add(a, b) => {
                let v = match (self.eval_expr(global, a)?, self.eval_expr(global, b)?) {
                    (Dynamic::Int(x), Dynamic::Int(y)) => Dynamic::Int(x.wrapping_add(y)),
                    (Dynamic::Str(x), Dynamic::Str(y)) => Dynamic::Str(x + &y),
                    _ => return Err(EvalError::Mismatch),
                };
                self.check_data_size(&v)?;
                Ok(v)
            }
            Expr::Call(name) => {
                if global.level > self.max_call_levels() {
                    return Err(EvalError::StackOverflow(global.level));
                }
                let body = self
                    .functions
                    .get(name)
                    .ok_or_else(|| EvalError::FunctionNotFound(name.clone()))?;
                global.level += 1;
                let result = self.eval_expr(global, body);
                global.level -= 1;
                result
            }
            Expr::Repeat(n, body) => {
                let mut last = Dynamic::Unit;
                for _ in 0..*n {
                    last = self.eval_expr(global, body)?;
                }
                Ok(last)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runaway_recursion_overflows() {
        let mut engine = Engine::new();
        engine.register_fn("f", Expr::Call("f".into()));
        assert!(matches!(engine.eval(&Expr::Call("f".into())), Err(EvalError::StackOverflow(_))));
    }

    #[test]
    fn operations_are_bounded() {
        let mut engine = Engine::new();
        engine.set_max_operations(50);
        let r = engine.eval(&Expr::Repeat(1_000, Box::new(Expr::Int(1))));
        assert_eq!(r, Err(EvalError::TooManyOperations));
    }
}
