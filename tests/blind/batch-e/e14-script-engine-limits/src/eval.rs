//! A tiny tree-walking evaluator that consults the limits.

use crate::{Dynamic, Engine, GlobalRuntimeState, Position, RhaiResultOf, ERR};

/// Statements of the tiny language.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    Import(String, Position),
    Call(String, Position),
    Push(Expr, Position),
    Loop(u32, Vec<Stmt>, Position),
}

/// Expressions of the tiny language.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Value(Dynamic),
    Concat(Box<Expr>, Box<Expr>),
    Array(Vec<Expr>),
}

impl Expr {
    fn depth(&self) -> usize {
        match self {
            Expr::Value(_) => 1,
            Expr::Concat(a, b) => 1 + a.depth().max(b.depth()),
            Expr::Array(items) => 1 + items.iter().map(Expr::depth).max().unwrap_or(0),
        }
    }
}

impl Engine {
    /// Rejects expressions nested deeper than allowed, at compile time.
    pub fn compile_check(&self, stmts: &[Stmt]) -> RhaiResultOf<()> {
        let max = self.max_expr_depth();
        for stmt in stmts {
            match stmt {
                Stmt::Push(expr, pos) if max > 0 && expr.depth() > max => {
                    return Err(ERR::ErrorExprTooDeep(*pos).into());
                }
                Stmt::Loop(_, body, _) => self.compile_check(body)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// Runs `stmts`, collecting pushed values into `out`.
    pub fn run(&self, stmts: &[Stmt], out: &mut Vec<Dynamic>) -> RhaiResultOf<GlobalRuntimeState> {
        self.compile_check(stmts)?;
        let mut global = GlobalRuntimeState::default();
        self.eval_stmts(&mut global, stmts, out)?;
        Ok(global)
    }

    fn eval_stmts(&self, global: &mut GlobalRuntimeState, stmts: &[Stmt], out: &mut Vec<Dynamic>) -> RhaiResultOf<()> {
        for stmt in stmts {
            match stmt {
                Stmt::Import(name, pos) => {
                    self.inc_operations(&mut global.num_operations, *pos)?;

                    if global.num_modules_loaded >= self.max_modules() {
                        return Err(ERR::ErrorTooManyModules(*pos).into());
                    }
                    let body = self
                        .modules
                        .get(name)
                        .ok_or_else(|| ERR::ErrorModuleNotFound(name.clone(), *pos))?;
                    global.num_modules_loaded += 1;
                    global.imports.push(name.clone());
                    self.eval_stmts(global, body, out)?;
                }
                Stmt::Call(name, pos) => {
                    self.inc_operations(&mut global.num_operations, *pos)?;

                    if global.level > self.max_call_levels() {
                        return Err(ERR::ErrorStackOverflow(*pos).into());
                    }
                    let body = self
                        .functions
                        .get(name)
                        .ok_or_else(|| ERR::ErrorFunctionNotFound(name.clone(), *pos))?;
                    global.level += 1;
                    let result = self.eval_stmts(global, body, out);
                    global.level -= 1;
                    result?;
                }
                Stmt::Push(expr, pos) => {
                    let value = self.eval_expr(global, expr, *pos)?;
                    self.check_data_size(&value, *pos)?;
                    out.push(value);
                }
                Stmt::Loop(times, body, pos) => {
                    for _ in 0..*times {
                        self.inc_operations(&mut global.num_operations, *pos)?;
                        self.eval_stmts(global, body, out)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn eval_expr(&self, global: &mut GlobalRuntimeState, expr: &Expr, pos: Position) -> RhaiResultOf<Dynamic> {
        self.inc_operations(&mut global.num_operations, pos)?;
        match expr {
            Expr::Value(v) => Ok(v.clone()),
            Expr::Concat(a, b) => {
                let (a, b) = (self.eval_expr(global, a, pos)?, self.eval_expr(global, b, pos)?);
                let joined = match (a, b) {
                    (Dynamic::Str(a), Dynamic::Str(b)) => Dynamic::Str(a + &b),
                    (Dynamic::Array(mut a), Dynamic::Array(b)) => {
                        a.extend(b);
                        Dynamic::Array(a)
                    }
                    (a, _) => a,
                };
                self.check_data_size(&joined, pos)?;
                Ok(joined)
            }
            Expr::Array(items) => {
                let mut arr = Vec::with_capacity(items.len());
                for item in items {
                    arr.push(self.eval_expr(global, item, pos)?);
                }
                Ok(Dynamic::Array(arr))
            }
        }
    }
}
