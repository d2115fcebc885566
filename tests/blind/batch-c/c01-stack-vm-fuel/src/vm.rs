use crate::op::{FuelCosts, Op};

/// A host function callable from bytecode. It operates on the value stack.
pub type HostFn = Box<dyn Fn(&mut Vec<i64>) -> Result<(), Trap>>;

/// Reasons the machine stops abnormally.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trap {
    OutOfFuel { pc: usize },
    StackUnderflow { pc: usize },
    UnknownHostFn(u16),
    PcOutOfBounds(usize),
}

pub struct Machine {
    stack: Vec<i64>,
    pc: usize,
    fuel_left: u64,
    costs: FuelCosts,
    host: Vec<HostFn>,
}

impl Machine {
    pub fn new(costs: FuelCosts, initial_fuel: u64) -> Self {
        Self {
            stack: Vec::with_capacity(64),
            pc: 0,
            fuel_left: initial_fuel,
            costs,
            host: Vec::new(),
        }
    }

    /// Registers a host function and returns the index bytecode calls it by.
    pub fn register(&mut self, f: HostFn) -> u16 {
        self.host.push(f);
        (self.host.len() - 1) as u16
    }

    pub fn fuel_left(&self) -> u64 {
        self.fuel_left
    }

    pub fn add_fuel(&mut self, amount: u64) {
        self.fuel_left = self.fuel_left.saturating_add(amount);
    }

    fn pop(&mut self) -> Result<i64, Trap> {
        self.stack.pop().ok_or(Trap::StackUnderflow { pc: self.pc })
    }

    /// Runs `code` from the start until `Halt`, returning the top of stack.
    pub fn run(&mut self, code: &[Op]) -> Result<Option<i64>, Trap> {
        self.pc = 0;
        loop {
            let op = *code.get(self.pc).ok_or(Trap::PcOutOfBounds(self.pc))?;
            if self.fuel_left == 0 {
                return Err(Trap::OutOfFuel { pc: self.pc });
            }
            // The instruction that empties the tank still runs; the next one traps.
            self.fuel_left = self.fuel_left.saturating_sub(self.costs.cost_of(&op));

            self.pc += 1;
            match op {
                Op::Push(v) => self.stack.push(v),
                Op::Add => {
                    let (b, a) = (self.pop()?, self.pop()?);
                    self.stack.push(a.wrapping_add(b));
                }
                Op::Mul => {
                    let (b, a) = (self.pop()?, self.pop()?);
                    self.stack.push(a.wrapping_mul(b));
                }
                Op::Dup => {
                    let v = *self.stack.last().ok_or(Trap::StackUnderflow { pc: self.pc })?;
                    self.stack.push(v);
                }
                Op::Drop => {
                    self.pop()?;
                }
                Op::JumpIfNonZero(target) => {
                    if self.pop()? != 0 {
                        self.pc = target;
                    }
                }
                Op::Call(idx) => {
                    let f = self.host.get(idx as usize).ok_or(Trap::UnknownHostFn(idx))?;
                    f(&mut self.stack)?;
                }
                Op::Halt => return Ok(self.stack.last().copied()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn infinite_loop_runs_dry() {
        let code = [Op::Push(1), Op::Dup, Op::JumpIfNonZero(1), Op::Halt];
        let mut m = Machine::new(FuelCosts::default(), 100);
        assert!(matches!(m.run(&code), Err(Trap::OutOfFuel { .. })));
        assert_eq!(m.fuel_left(), 0);
    }

    #[test]
    fn host_call_is_expensive() {
        let mut m = Machine::new(FuelCosts::default(), 30);
        let id = m.register(Box::new(|s| {
            s.push(7);
            Ok(())
        }));
        let code = [Op::Call(id), Op::Push(1), Op::Add, Op::Halt];
        assert_eq!(m.run(&code), Ok(Some(8)));
        assert_eq!(m.fuel_left(), 3);
    }
}
