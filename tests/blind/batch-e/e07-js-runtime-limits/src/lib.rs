//! Bytecode VM limits of a JavaScript engine.

pub mod vm;

use std::fmt;

use vm::{CallFrame, CodeBlock, CompletionType, RuntimeLimits, Vm};

/// A native error raised by the engine itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsNativeError {
    RuntimeLimit(String),
    Range(String),
    Type(String),
}

impl JsNativeError {
    pub fn runtime_limit() -> Self {
        JsNativeError::RuntimeLimit(String::new())
    }

    pub fn with_message(self, message: impl Into<String>) -> Self {
        let message = message.into();
        match self {
            JsNativeError::RuntimeLimit(_) => JsNativeError::RuntimeLimit(message),
            JsNativeError::Range(_) => JsNativeError::Range(message),
            JsNativeError::Type(_) => JsNativeError::Type(message),
        }
    }
}

impl fmt::Display for JsNativeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsNativeError::RuntimeLimit(m) => write!(f, "RuntimeLimit: {}", m),
            JsNativeError::Range(m) => write!(f, "RangeError: {}", m),
            JsNativeError::Type(m) => write!(f, "TypeError: {}", m),
        }
    }
}

pub type JsResult<T> = Result<T, JsNativeError>;

/// The execution context: one VM and its realm.
pub struct Context {
    pub(crate) vm: Vm,
}

impl Context {
    pub fn new(runtime_limits: RuntimeLimits) -> Self {
        Context {
            vm: Vm::new(runtime_limits),
        }
    }

    /// Get the [`RuntimeLimits`].
    pub fn runtime_limits(&self) -> RuntimeLimits {
        self.vm.runtime_limits
    }

    /// Set the [`RuntimeLimits`].
    pub fn set_runtime_limits(&mut self, runtime_limits: RuntimeLimits) {
        self.vm.runtime_limits = runtime_limits;
    }

    /// Runs `code` to completion.
    pub fn run(&mut self, code: CodeBlock) -> JsResult<Option<i64>> {
        self.check_runtime_limits()?;
        self.vm.push_frame(CallFrame::new(code));
        loop {
            match self.execute_one()? {
                CompletionType::Normal => {}
                CompletionType::Return => {
                    let ret = self.vm.pop_frame_and_result();
                    if self.vm.frames.is_empty() {
                        return Ok(ret);
                    }
                    if let Some(v) = ret {
                        self.vm.stack.push(v);
                    }
                }
            }
        }
    }

    /// Runs `code` in slices of `budget` units, calling `yield_now` between slices
    /// so the embedder's event loop can make progress.
    pub fn run_with_budget(
        &mut self,
        code: CodeBlock,
        budget: u32,
        mut yield_now: impl FnMut(),
    ) -> JsResult<Option<i64>> {
        self.check_runtime_limits()?;
        self.vm.push_frame(CallFrame::new(code));
        let mut runtime_budget: u32 = budget;
        loop {
            match self.execute_one_with_budget(&mut runtime_budget)? {
                CompletionType::Normal => {}
                CompletionType::Return => {
                    let ret = self.vm.pop_frame_and_result();
                    if self.vm.frames.is_empty() {
                        return Ok(ret);
                    }
                    if let Some(v) = ret {
                        self.vm.stack.push(v);
                    }
                }
            }
            if runtime_budget == 0 {
                runtime_budget = budget;
                yield_now();
            }
        }
    }

    /// Checks if we haven't exceeded the defined runtime limits.
    pub(crate) fn check_runtime_limits(&self) -> JsResult<()> {
        // Must throw if the number of recursive calls exceeds the defined limit.
        if self.vm.runtime_limits.recursion_limit() <= self.vm.frames.len() {
            return Err(JsNativeError::Range(
                "exceeded maximum number of recursive calls".to_string(),
            ));
        }
        // Must throw if the stack size exceeds the defined maximum length.
        if self.vm.runtime_limits.stack_size_limit() <= self.vm.stack.len() {
            return Err(JsNativeError::runtime_limit().with_message("exceeded maximum call stack length"));
        }

        Ok(())
    }
}
