//! The virtual machine: frames, value stack and opcodes.

mod opcode;
mod runtime_limits;

pub use runtime_limits::RuntimeLimits;

use crate::{Context, JsNativeError, JsResult};
use opcode::{Call, IncrementLoopIteration, Operation};

/// Instructions understood by this VM.
#[derive(Debug, Clone, Copy)]
pub enum Opcode {
    PushInt(i64),
    Add,
    IncrementLoopIteration,
    JumpIfNonZero(usize),
    Call(usize),
    Return,
}

/// Compiled bytecode of one function.
#[derive(Debug, Clone, Default)]
pub struct CodeBlock {
    pub code: Vec<Opcode>,
    pub functions: Vec<CodeBlock>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompletionType {
    Normal,
    Return,
}

/// A single call frame.
#[derive(Debug)]
pub struct CallFrame {
    pub(crate) code_block: CodeBlock,
    pub(crate) pc: usize,
    /// How many times the loops of this frame have iterated.
    pub(crate) loop_iteration_count: u64,
    pub(crate) stack_base: usize,
}

impl CallFrame {
    pub(crate) fn new(code_block: CodeBlock) -> Self {
        CallFrame { code_block, pc: 0, loop_iteration_count: 0, stack_base: 0 }
    }
}

/// The engine's VM state.
#[derive(Debug)]
pub struct Vm {
    pub(crate) frames: Vec<CallFrame>,
    pub(crate) stack: Vec<i64>,
    pub(crate) runtime_limits: RuntimeLimits,
}

impl Vm {
    pub(crate) fn new(runtime_limits: RuntimeLimits) -> Self {
        Vm { frames: Vec::with_capacity(16), stack: Vec::with_capacity(1024), runtime_limits }
    }

    pub(crate) fn frame(&self) -> &CallFrame {
        self.frames.last().expect("no frame found")
    }

    pub(crate) fn frame_mut(&mut self) -> &mut CallFrame {
        self.frames.last_mut().expect("no frame found")
    }

    pub(crate) fn push_frame(&mut self, mut frame: CallFrame) {
        frame.stack_base = self.stack.len();
        self.frames.push(frame);
    }

    pub(crate) fn pop_frame_and_result(&mut self) -> Option<i64> {
        let frame = self.frames.pop()?;
        let ret = if self.stack.len() > frame.stack_base { self.stack.pop() } else { None };
        self.stack.truncate(frame.stack_base);
        ret
    }

    pub(crate) fn pop(&mut self) -> JsResult<i64> {
        self.stack
            .pop()
            .ok_or_else(|| JsNativeError::Type("stack underflow".to_string()))
    }
}

impl Context {
    fn fetch(&mut self) -> Option<Opcode> {
        let frame = self.vm.frame_mut();
        let op = frame.code_block.code.get(frame.pc).copied();
        frame.pc += 1;
        op
    }

    pub(crate) fn execute_one(&mut self) -> JsResult<CompletionType> {
        let mut unlimited = u32::MAX;
        self.execute_one_with_budget(&mut unlimited)
    }

    pub(crate) fn execute_one_with_budget(&mut self, budget: &mut u32) -> JsResult<CompletionType> {
        let Some(op) = self.fetch() else {
            return Ok(CompletionType::Return);
        };
        match op {
            Opcode::PushInt(v) => {
                *budget = budget.saturating_sub(1);
                self.vm.stack.push(v);
                Ok(CompletionType::Normal)
            }
            Opcode::Add => {
                *budget = budget.saturating_sub(1);
                let (b, a) = (self.vm.pop()?, self.vm.pop()?);
                self.vm.stack.push(a.wrapping_add(b));
                Ok(CompletionType::Normal)
            }
            Opcode::IncrementLoopIteration => IncrementLoopIteration::spend_budget_and_execute(self, budget),
            Opcode::JumpIfNonZero(target) => {
                *budget = budget.saturating_sub(1);
                if self.vm.pop()? != 0 {
                    self.vm.frame_mut().pc = target;
                }
                Ok(CompletionType::Normal)
            }
            Opcode::Call(index) => {
                let code = self.vm.frame().code_block.functions.get(index).cloned();
                let code = code.ok_or_else(|| JsNativeError::Type("not a function".into()))?;
                Call::set_target(code);
                Call::spend_budget_and_execute(self, budget)
            }
            Opcode::Return => Ok(CompletionType::Return),
        }
    }
}

/// `(name, instruction)` pairs shown by the bytecode disassembler.
pub fn opcode_names() -> [(&'static str, &'static str); 2] {
    opcode::describe()
}
