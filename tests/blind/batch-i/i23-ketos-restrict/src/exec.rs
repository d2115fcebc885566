//! Implements a virtual machine which interprets bytecode functions.
//!
//! The virtual machine consists of a value stack, and a call stack containing
//! for each successive function an instruction pointer and a stack pointer.

use std::fmt;
use std::rc::Rc;
use std::time::Instant;

use crate::restrict::{RestrictConfig, RestrictError};

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Unit,
    Integer(i128),
    String(Rc<str>),
    List(Rc<[Value]>),
}

impl Value {
    /// An abstract estimate of how much memory the value pins; one unit per
    /// value, plus its elements.
    fn size_estimate(&self) -> usize {
        match self {
            Value::Unit | Value::Integer(_) => 1,
            Value::String(s) => 1 + s.len() / 16,
            Value::List(items) => 1 + items.len(),
        }
    }
}

#[derive(Clone, Debug)]
pub enum Instruction {
    Const(Value),
    Add,
    /// Pops `n` values and pushes a list of them.
    List(usize),
    /// Concatenates the two strings on top of the stack.
    Concat,
    /// Calls the code object with the given index.
    Call(usize),
    Return,
}

#[derive(Clone, Debug, Default)]
pub struct Code {
    pub functions: Vec<Vec<Instruction>>,
}

#[derive(Debug)]
pub enum ExecError {
    Restrict(RestrictError),
    TypeError { expected: &'static str },
    StackUnderflow,
    InvalidFunction(usize),
}

impl fmt::Display for ExecError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ExecError::Restrict(e) => write!(f, "execution restricted: {e}"),
            ExecError::TypeError { expected } => write!(f, "type error: expected {expected}"),
            ExecError::StackUnderflow => f.write_str("stack underflow"),
            ExecError::InvalidFunction(i) => write!(f, "invalid function {i}"),
        }
    }
}

impl From<RestrictError> for ExecError {
    fn from(e: RestrictError) -> Self {
        ExecError::Restrict(e)
    }
}

struct StackFrame {
    function: usize,
    iptr: usize,
}

pub struct Machine {
    stack: Vec<Value>,
    call_stack: Vec<StackFrame>,
    restrict: RestrictConfig,
    memory_held: usize, //@ BL001
    start: Option<Instant>,
}

impl Machine {
    pub fn new(restrict: RestrictConfig) -> Machine {
        Machine {
            stack: Vec::new(),
            call_stack: Vec::new(),
            restrict,
            memory_held: 0,
            start: None,
        }
    }

    fn check_time(&self) -> Result<(), RestrictError> {
        if let (Some(limit), Some(start)) = (self.restrict.execution_time, self.start) {
            if start.elapsed() >= limit {
                return Err(RestrictError::ExecutionTimeExceeded);
            }
        }
        Ok(())
    }

    fn add_memory(&mut self, n: usize) -> Result<(), RestrictError> {
        let held = self.memory_held.saturating_add(n);
        if held > self.restrict.memory_limit {
            return Err(RestrictError::MemoryLimitExceeded);
        }
        Ok(())
    }

    fn check_integer(&self, v: i128) -> Result<Value, RestrictError> {
        let bits = 128 - v.unsigned_abs().leading_zeros() as usize;
        if bits > self.restrict.max_integer_size {
            return Err(RestrictError::IntegerLimitExceeded);
        }
        Ok(Value::Integer(v))
    }

    fn push(&mut self, value: Value) -> Result<(), ExecError> {
        if self.stack.len() >= self.restrict.value_stack_size {
            return Err(RestrictError::ValueStackExceeded.into());
        }
        self.add_memory(value.size_estimate())?;
        self.stack.push(value);
        Ok(())
    }

    fn pop(&mut self) -> Result<Value, ExecError> {
        self.stack.pop().ok_or(ExecError::StackUnderflow)
    }

    fn call(&mut self, function: usize) -> Result<(), ExecError> {
        if self.call_stack.len() >= self.restrict.call_stack_size {
            return Err(RestrictError::CallStackExceeded.into());
        }
        self.call_stack.push(StackFrame { function, iptr: 0 });
        Ok(())
    }

    /// Executes function 0 of `code` and returns the value it leaves on the
    /// stack.
    pub fn execute(&mut self, code: &Code) -> Result<Value, ExecError> {
        self.stack.clear();
        self.call_stack.clear();
        self.memory_held = 0;
        self.start = Some(Instant::now());
        self.call(0)?;

        while let Some(frame) = self.call_stack.last_mut() {
            let function = code
                .functions
                .get(frame.function)
                .ok_or(ExecError::InvalidFunction(frame.function))?;
            let Some(instr) = function.get(frame.iptr).cloned() else {
                self.call_stack.pop();
                continue;
            };
            frame.iptr += 1;
            self.check_time()?;

            match instr {
                Instruction::Const(v) => self.push(v)?,
                Instruction::Add => match (self.pop()?, self.pop()?) {
                    (Value::Integer(b), Value::Integer(a)) => {
                        let sum = a.checked_add(b).ok_or(RestrictError::IntegerLimitExceeded)?;
                        let v = self.check_integer(sum)?;
                        self.push(v)?;
                    }
                    _ => return Err(ExecError::TypeError { expected: "integer" }),
                },
                Instruction::List(n) => {
                    let start = self.stack.len().checked_sub(n).ok_or(ExecError::StackUnderflow)?;
                    let items: Rc<[Value]> = self.stack.drain(start..).collect();
                    self.push(Value::List(items))?;
                }
                Instruction::Concat => match (self.pop()?, self.pop()?) {
                    (Value::String(b), Value::String(a)) => {
                        let joined: Rc<str> = format!("{a}{b}").into();
                        self.push(Value::String(joined))?;
                    }
                    _ => return Err(ExecError::TypeError { expected: "string" }),
                },
                Instruction::Call(f) => self.call(f)?,
                Instruction::Return => {
                    self.call_stack.pop();
                }
            }
        }

        Ok(self.stack.pop().unwrap_or(Value::Unit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds() {
        let code = Code {
            functions: vec![vec![
                Instruction::Const(Value::Integer(2)),
                Instruction::Const(Value::Integer(3)),
                Instruction::Add,
            ]],
        };
        let mut m = Machine::new(RestrictConfig::strict());
        assert_eq!(m.execute(&code).unwrap(), Value::Integer(5));
    }

    #[test]
    fn call_stack_is_bounded() {
        let code = Code { functions: vec![vec![Instruction::Call(0)]] };
        let mut m = Machine::new(RestrictConfig::strict());
        assert!(matches!(
            m.execute(&code),
            Err(ExecError::Restrict(RestrictError::CallStackExceeded))
        ));
    }

    #[test]
    fn memory_limit_rejects_huge_single_value() {
        let big: Rc<[Value]> = vec![Value::Unit; 1000].into();
        let code = Code { functions: vec![vec![Instruction::Const(Value::List(big))]] };
        let mut m = Machine::new(RestrictConfig::strict());
        assert!(matches!(
            m.execute(&code),
            Err(ExecError::Restrict(RestrictError::MemoryLimitExceeded))
        ));
    }
}
