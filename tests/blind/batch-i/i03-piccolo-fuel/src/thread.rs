use std::fmt;

use crate::fuel::{Fuel, RecursionLimit};

/// Cost of a single VM instruction.
const VM_GRANULARITY: i32 = 1;
/// Extra fuel charged for every element touched by a `Len` or `Concat`.
const FUEL_PER_ELEMENT: i32 = 1;
/// Fuel charged when calling into a Rust callback.
const CALLBACK_BASE_COST: i32 = 8;

#[derive(Debug, Clone)]
pub enum Op {
    LoadConst(i64),
    Add,
    /// Takes the length of a table with `n` elements.
    Len(usize),
    /// Concatenate `n` strings.
    Concat(usize),
    /// Call a native callback which in turn runs the nested program.
    Callback(Vec<Op>),
    Halt,
}

#[derive(Debug)]
pub enum StepError {
    Recursion(RecursionLimit),
    EmptyStack,
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::Recursion(e) => write!(f, "{e}"),
            StepError::EmptyStack => f.write_str("operand stack is empty"),
        }
    }
}

impl From<RecursionLimit> for StepError {
    fn from(e: RecursionLimit) -> Self {
        StepError::Recursion(e)
    }
}

pub struct Executor {
    ops: Vec<Op>,
    pc: usize,
    stack: Vec<i64>,
}

impl Executor {
    pub fn start(ops: Vec<Op>) -> Self {
        Executor {
            ops,
            pc: 0,
            stack: Vec::new(),
        }
    }

    /// Runs until the program halts (returning `true`) or the fuel runs out
    /// (returning `false`, in which case `step` may be called again).
    pub fn step(&mut self, fuel: &mut Fuel) -> Result<bool, StepError> {
        while fuel.should_continue() {
            let Some(op) = self.ops.get(self.pc).cloned() else {
                return Ok(true);
            };
            self.pc += 1;
            fuel.consume_fuel(VM_GRANULARITY);

            match op {
                Op::LoadConst(v) => self.stack.push(v),
                Op::Add => {
                    let b = self.stack.pop().ok_or(StepError::EmptyStack)?;
                    let a = self.stack.pop().ok_or(StepError::EmptyStack)?;
                    self.stack.push(a.wrapping_add(b));
                }
                Op::Len(n) => {
                    fuel.consume_fuel((n as i32).saturating_mul(FUEL_PER_ELEMENT));
                    self.stack.push(n as i64);
                }
                Op::Concat(n) => {
                    fuel.consume_fuel((n as i32).saturating_mul(FUEL_PER_ELEMENT));
                    let start = self.stack.len().saturating_sub(n);
                    let joined = self.stack.drain(start..).fold(0i64, |acc, v| acc ^ v);
                    self.stack.push(joined);
                }
                Op::Callback(nested) => {
                    let mut fuel = fuel.recurse()?;
                    fuel.consume_fuel(CALLBACK_BASE_COST);
                    let mut inner = Executor::start(nested);
                    while !inner.step(&mut fuel)? {
                        if !fuel.should_continue() {
                            // Out of fuel inside the callback: unwind and let the
                            // outer loop refill before retrying the whole call.
                            self.pc -= 1;
                            return Ok(false);
                        }
                    }
                    self.stack.extend(inner.stack);
                }
                Op::Halt => return Ok(true),
            }
        }
        Ok(false)
    }

    pub fn result(&self) -> Option<i64> {
        self.stack.last().copied()
    }
}

/// Drives an executor to completion, refilling fuel between steps the way the
/// interpreter's main loop does.
pub fn finish(executor: &mut Executor, fuel_per_step: i32, max_fuel: i32) -> Result<u32, StepError> {
    let mut fuel = Fuel::with_fuel(fuel_per_step);
    let mut steps = 0u32;
    loop {
        steps += 1;
        if executor.step(&mut fuel)? {
            return Ok(steps);
        }
        fuel.refill(fuel_per_step, max_fuel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_program_needs_several_steps() {
        let mut ops = vec![Op::LoadConst(0)];
        for _ in 0..100 {
            ops.push(Op::LoadConst(1));
            ops.push(Op::Add);
        }
        ops.push(Op::Len(500));
        ops.push(Op::Halt);
        let mut exec = Executor::start(ops);
        let steps = finish(&mut exec, 64, 256).unwrap();
        assert!(steps > 1);
        assert_eq!(exec.result(), Some(500));
    }

    #[test]
    fn recursion_is_bounded() {
        let mut fuel = Fuel::with_fuel(10);
        let mut guards = Vec::new();
        let mut level = 0;
        loop {
            // Mirror what nested callbacks do without actually nesting stacks.
            if fuel.recursion_level() == crate::RECURSION_LIMIT {
                break;
            }
            level += 1;
            guards.push(level);
            std::mem::forget(fuel.recurse().unwrap());
        }
        assert!(fuel.recurse().is_err());
    }
}
