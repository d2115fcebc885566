use std::cell::RefCell;

use super::{CallFrame, CodeBlock, CompletionType};
use crate::{Context, JsNativeError, JsResult};

/// The `Operation` trait implements the execution code along with the
/// identifying Name and Instruction value for an Boa Opcode.
pub(crate) trait Operation {
    const NAME: &'static str;
    const INSTRUCTION: &'static str;
    const COST: u8;

    /// Execute opcode
    fn execute(context: &mut Context) -> JsResult<CompletionType>;

    /// Spends the cost of this operation into `runtime_budget` and execute it.
    fn spend_budget_and_execute(
        context: &mut Context,
        runtime_budget: &mut u32,
    ) -> JsResult<CompletionType> {
        *runtime_budget = runtime_budget.saturating_sub(u32::from(Self::COST));
        Self::execute(context)
    }
}

/// `IncrementLoopIteration` implements the Opcode Operation for `Opcode::IncrementLoopIteration`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IncrementLoopIteration;

impl Operation for IncrementLoopIteration {
    const NAME: &'static str = "IncrementLoopIteration";
    const INSTRUCTION: &'static str = "INST - IncrementLoopIteration";
    const COST: u8 = 3;

    fn execute(context: &mut Context) -> JsResult<CompletionType> {
        let max = context.vm.runtime_limits.loop_iteration_limit();
        let frame = context.vm.frame_mut();
        let previous_iteration_count = frame.loop_iteration_count;

        if previous_iteration_count > max {
            return Err(JsNativeError::runtime_limit()
                .with_message(format!("Maximum loop iteration limit {max} exceeded")));
        }

        frame.loop_iteration_count = previous_iteration_count.wrapping_add(1);
        Ok(CompletionType::Normal)
    }
}

thread_local! {
    static CALL_TARGET: RefCell<Option<CodeBlock>> = const { RefCell::new(None) };
}

/// `Call` implements the Opcode Operation for `Opcode::Call`
#[derive(Debug, Clone, Copy)]
pub(crate) struct Call;

impl Call {
    pub(crate) fn set_target(code: CodeBlock) {
        CALL_TARGET.with(|t| *t.borrow_mut() = Some(code));
    }
}

impl Operation for Call {
    const NAME: &'static str = "Call";
    const INSTRUCTION: &'static str = "INST - Call";
    const COST: u8 = 3;

    fn execute(context: &mut Context) -> JsResult<CompletionType> {
        context.check_runtime_limits()?;
        let code = CALL_TARGET
            .with(|t| t.borrow_mut().take())
            .ok_or_else(|| JsNativeError::Type(format!("{}: no call target", Self::NAME)))?;
        context.vm.push_frame(CallFrame::new(code));
        Ok(CompletionType::Normal)
    }
}

/// Names used by the bytecode disassembler.
pub(crate) fn describe() -> [(&'static str, &'static str); 2] {
    [
        (IncrementLoopIteration::NAME, IncrementLoopIteration::INSTRUCTION),
        (Call::NAME, Call::INSTRUCTION),
    ]
}
