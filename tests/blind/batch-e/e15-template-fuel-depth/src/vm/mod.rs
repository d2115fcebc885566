//! The template virtual machine.

mod context;
mod fuel;

use std::sync::Arc;

use crate::{ok, Environment, Error, ErrorKind};
use context::{Context, Frame};
pub use fuel::FuelTracker;

/// The cost of a single include against the stack limit.
const INCLUDE_RECURSION_COST: usize = 10;

/// The cost of a single macro call against the stack limit.
const MACRO_RECURSION_COST: usize = 4;

/// Compiled template instructions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Instruction {
    EmitRaw(String),
    StoreLocal(String, String),
    Lookup(String),
    PushFrame,
    PopFrame,
    DupTop,
    DiscardTop,
    Include(String),
    CallMacro(String),
    Return,
}

/// Provides access to the current execution state of the engine.
pub struct State {
    ctx: Context,
    fuel_tracker: Option<Arc<FuelTracker>>,
}

impl State {
    pub(crate) fn new(env: &Environment) -> State {
        State {
            ctx: Context::new(env.recursion_limit()),
            fuel_tracker: env.fuel().map(FuelTracker::new),
        }
    }

    /// Returns the fuel levels as `(consumed, remaining)` if fuel tracking is enabled.
    pub fn fuel_levels(&self) -> Option<(u64, u64)> {
        self.fuel_tracker
            .as_ref()
            .map(|f| (f.consumed(), f.remaining()))
    }
}

pub struct Vm<'env> {
    env: &'env Environment,
}

impl<'env> Vm<'env> {
    pub fn new(env: &'env Environment) -> Vm<'env> {
        Vm { env }
    }

    /// Evaluates the given instructions, writing output into `out`.
    pub fn eval(&self, instructions: &[Instruction], state: &mut State, out: &mut String) -> Result<(), Error> {
        ok!(state.ctx.push_frame(Frame::default()));
        let rv = self.eval_impl(instructions, state, out);
        state.ctx.pop_frame();
        rv
    }

    fn eval_impl(&self, instructions: &[Instruction], state: &mut State, out: &mut String) -> Result<(), Error> {
        let mut stack: Vec<String> = Vec::new();
        for instr in instructions {
            if let Some(ref tracker) = state.fuel_tracker {
                ok!(tracker.track(instr));
            }

            match instr {
                Instruction::EmitRaw(s) => out.push_str(s),
                Instruction::StoreLocal(k, v) => state.ctx.store(k, v.clone()),
                Instruction::Lookup(k) => match state.ctx.load(k) {
                    Some(v) => out.push_str(&v),
                    None => return Err(Error::new(ErrorKind::UndefinedError, k.clone())),
                },
                Instruction::PushFrame => ok!(state.ctx.push_frame(Frame::default())),
                Instruction::PopFrame => {
                    state.ctx.pop_frame();
                }
                Instruction::DupTop => {
                    let top = stack.last().cloned().unwrap_or_default();
                    stack.push(top);
                }
                Instruction::DiscardTop => {
                    stack.pop();
                }
                Instruction::Include(name) => {
                    let tmpl = ok!(self.env.get_template(name));
                    ok!(state.ctx.incr_depth(INCLUDE_RECURSION_COST));
                    let rv = self.eval(tmpl, state, out);
                    state.ctx.decr_depth(INCLUDE_RECURSION_COST);
                    ok!(rv);
                }
                Instruction::CallMacro(name) => {
                    let body = ok!(self.env.get_macro(name));
                    ok!(state.ctx.incr_depth(MACRO_RECURSION_COST));
                    let rv = self.eval(body, state, out);
                    state.ctx.decr_depth(MACRO_RECURSION_COST);
                    ok!(rv);
                }
                Instruction::Return => break,
            }
        }
        Ok(())
    }
}
