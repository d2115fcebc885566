use std::fmt;

use crate::budget;

/// A single instruction.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Inst {
    Push(i64),
    Add,
    Sub,
    Dup,
    /// Jump to the given instruction if the top of the stack is non-zero.
    JumpIf(usize),
    Jump(usize),
    Pop,
    Return,
}

/// The reason the virtual machine stopped.
#[derive(Debug, PartialEq)]
pub enum VmHalt {
    /// The function returned a value.
    Exited(i64),
    /// Execution was suspended because the budget ran out. Calling
    /// [`Vm::run`] again resumes where it left off.
    Limited,
}

#[derive(Debug, PartialEq)]
pub enum VmError {
    StackUnderflow,
    IpOutOfBounds(usize),
}

impl fmt::Display for VmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VmError::StackUnderflow => write!(f, "stack underflow"),
            VmError::IpOutOfBounds(ip) => write!(f, "instruction pointer {ip} out of bounds"),
        }
    }
}

impl std::error::Error for VmError {}

pub struct Vm {
    unit: Vec<Inst>,
    ip: usize,
    stack: Vec<i64>,
}

impl Vm {
    pub fn new(unit: Vec<Inst>) -> Self {
        Self {
            unit,
            ip: 0,
            stack: Vec::new(),
        }
    }

    fn pop(&mut self) -> Result<i64, VmError> {
        self.stack.pop().ok_or(VmError::StackUnderflow)
    }

    /// Evaluate instructions until the unit returns or the budget runs out.
    pub fn run(&mut self) -> Result<VmHalt, VmError> {
        loop {
            if !budget::take() {
                return Ok(VmHalt::Limited);
            }

            let inst = *self
                .unit
                .get(self.ip)
                .ok_or(VmError::IpOutOfBounds(self.ip))?;
            self.ip += 1;

            match inst {
                Inst::Push(v) => self.stack.push(v),
                Inst::Add => {
                    let b = self.pop()?;
                    let a = self.pop()?;
                    self.stack.push(a.wrapping_add(b));
                }
                Inst::Sub => {
                    let b = self.pop()?;
                    let a = self.pop()?;
                    self.stack.push(a.wrapping_sub(b));
                }
                Inst::Dup => {
                    let v = *self.stack.last().ok_or(VmError::StackUnderflow)?;
                    self.stack.push(v);
                }
                Inst::JumpIf(target) => {
                    if self.pop()? != 0 {
                        self.ip = target;
                    }
                }
                Inst::Jump(target) => self.ip = target,
                Inst::Pop => {
                    self.pop()?;
                }
                Inst::Return => return Ok(VmHalt::Exited(self.pop()?)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn countdown(n: i64) -> Vec<Inst> {
        vec![
            Inst::Push(n),
            // loop:
            Inst::Push(1),
            Inst::Sub,
            Inst::Dup,
            Inst::JumpIf(1),
            Inst::Return,
        ]
    }

    #[test]
    fn unbudgeted_runs_to_completion() {
        let mut vm = Vm::new(countdown(100));
        assert_eq!(vm.run(), Ok(VmHalt::Exited(0)));
    }

    #[test]
    fn budget_suspends_and_resumes() {
        let mut vm = Vm::new(countdown(100));
        let halt = budget::with(10, || vm.run()).call();
        assert_eq!(halt, Ok(VmHalt::Limited));
        let halt = budget::with(10_000, || vm.run()).call();
        assert_eq!(halt, Ok(VmHalt::Exited(0)));
        assert_eq!(budget::remaining(), None);
    }
}
