use std::collections::HashMap;

use crate::gas::{self, calc, Gas, MemoryExtensionResult};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InstructionResult {
    Continue,
    Stop,
    OutOfGas,
    MemoryLimitOOG,
    StackUnderflow,
}

/// Records a `gas` cost and fails the instruction if it would exceed the available gas.
#[macro_export]
macro_rules! gas {
    ($interp:expr, $gas:expr) => {
        gas!($interp, $gas, ())
    };
    ($interp:expr, $gas:expr, $ret:expr) => {
        if !$interp.gas.record_cost($gas) {
            $interp.instruction_result = $crate::InstructionResult::OutOfGas;
            return $ret;
        }
    };
}

/// Resizes the interpreter memory if necessary. Fails the instruction if the memory or gas limit
/// is exceeded.
#[macro_export]
macro_rules! resize_memory {
    ($interp:expr, $offset:expr, $len:expr) => {
        let words_num = $crate::gas::calc::num_words($offset.saturating_add($len));
        match $interp.gas.record_memory_expansion(words_num) {
            MemoryExtensionResult::Extended => {
                $interp.memory.resize(words_num * 32, 0);
            }
            MemoryExtensionResult::OutOfGas => {
                $interp.instruction_result = InstructionResult::MemoryLimitOOG;
                return;
            }
            MemoryExtensionResult::Same => (),
        };
    };
}

pub struct Interpreter {
    pub gas: Gas,
    pub instruction_result: InstructionResult,
    pub stack: Vec<u64>,
    pub memory: Vec<u8>,
    pub storage: HashMap<u64, u64>,
}

impl Interpreter {
    pub fn new(gas_limit: u64) -> Self {
        Interpreter {
            gas: Gas::new(gas_limit),
            instruction_result: InstructionResult::Continue,
            stack: Vec::new(),
            memory: Vec::new(),
            storage: HashMap::new(),
        }
    }

    fn pop(&mut self) -> Option<u64> {
        let v = self.stack.pop();
        if v.is_none() {
            self.instruction_result = InstructionResult::StackUnderflow;
        }
        v
    }

    pub fn add(&mut self) {
        gas!(self, gas::VERYLOW);
        let (Some(a), Some(b)) = (self.pop(), self.pop()) else { return };
        self.stack.push(a.wrapping_add(b));
    }

    pub fn mstore(&mut self) {
        gas!(self, gas::VERYLOW);
        let (Some(offset), Some(value)) = (self.pop(), self.pop()) else { return };
        let offset = offset as usize;
        resize_memory!(self, offset, 32);
        self.memory[offset + 24..offset + 32].copy_from_slice(&value.to_be_bytes());
    }

    pub fn sstore(&mut self) {
        let (Some(key), Some(value)) = (self.pop(), self.pop()) else { return };
        let original = self.storage.get(&key).copied().unwrap_or(0);
        let cost = if original == 0 && value != 0 { gas::SSTORE_SET } else { gas::SSTORE_RESET };
        gas!(self, cost);
        if original != 0 && value == 0 {
            self.gas.record_refund(gas::REFUND_SSTORE_CLEARS);
        }
        self.storage.insert(key, value);
    }

    /// Gas forwarded to a sub-call: all but one 64th (EIP-150).
    pub fn call_gas(&mut self, requested: u64) -> Option<Gas> {
        let forwarded = requested.min(self.gas.remaining_63_of_64_parts());
        gas!(self, forwarded, None);
        Some(Gas::new(forwarded))
    }

    /// Returns the unused gas of a finished sub-call to this frame.
    pub fn return_from_call(&mut self, child: &Gas) {
        self.gas.erase_cost(child.remaining());
        self.gas.record_refund(child.refunded());
    }

    pub fn memory_words(&self) -> usize {
        calc::num_words(self.memory.len())
    }
}
