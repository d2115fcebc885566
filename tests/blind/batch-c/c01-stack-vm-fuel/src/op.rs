/// Instructions understood by the interpreter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Push(i64),
    Add,
    Mul,
    Dup,
    Drop,
    /// Jump to the absolute offset when the popped value is non-zero.
    JumpIfNonZero(usize),
    /// Invoke the host function registered under this index.
    Call(u16),
    Halt,
}

/// Fuel charged per instruction class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FuelCosts {
    pub base: u64,
    pub branch: u64,
    pub host_call: u64,
}

impl Default for FuelCosts {
    fn default() -> Self {
        Self {
            base: 1,
            branch: 2,
            host_call: 25,
        }
    }
}

impl FuelCosts {
    /// How much fuel `op` burns.
    pub fn cost_of(&self, op: &Op) -> u64 {
        match op {
            Op::JumpIfNonZero(_) => self.branch,
            Op::Call(_) => self.host_call,
            Op::Halt => 0,
            _ => self.base,
        }
    }
}
