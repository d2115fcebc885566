//! A tiny register-less executor charging fuel per instruction.

use crate::{FuelError, Store};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Instr {
    Const(i64),
    Add,
    Load(u32),
    Store(u32),
    /// `memory.copy dst src len`
    MemoryCopy { dst: u32, src: u32, len: u32 },
    Call(u32),
    Return,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Trap {
    OutOfFuel,
    StackOverflow,
    MemoryOutOfBounds,
    UnknownFunction(u32),
}

impl From<FuelError> for Trap {
    fn from(_: FuelError) -> Self {
        Trap::OutOfFuel
    }
}

/// Executes `funcs[entry]` and returns the value on top of the stack.
pub fn execute<T>(store: &mut Store<T>, funcs: &[Vec<Instr>], entry: u32) -> Result<Option<i64>, Trap> {
    let mut stack = Vec::new();
    run(store, funcs, entry, &mut stack, 0)?;
    Ok(stack.pop())
}

fn run<T>(store: &mut Store<T>, funcs: &[Vec<Instr>], idx: u32, stack: &mut Vec<i64>, depth: usize) -> Result<(), Trap> {
    let body = funcs.get(idx as usize).ok_or(Trap::UnknownFunction(idx))?;
    for instr in body {
        match *instr {
            Instr::Const(v) => {
                store.fuel.consume_fuel_if(|costs| costs.base())?;
                stack.push(v);
            }
            Instr::Add => {
                store.fuel.consume_fuel_if(|costs| costs.base())?;
                let b = stack.pop().unwrap_or(0);
                let a = stack.pop().unwrap_or(0);
                stack.push(a.wrapping_add(b));
            }
            Instr::Load(addr) => {
                store.fuel.consume_fuel_if(|costs| costs.load())?;
                let addr = addr as usize;
                let bytes = store.memory.get(addr..addr + 8).ok_or(Trap::MemoryOutOfBounds)?;
                stack.push(i64::from_le_bytes(bytes.try_into().unwrap()));
            }
            Instr::Store(addr) => {
                store.fuel.consume_fuel_if(|costs| costs.store())?;
                let addr = addr as usize;
                let value = stack.pop().unwrap_or(0);
                let slot = store.memory.get_mut(addr..addr + 8).ok_or(Trap::MemoryOutOfBounds)?;
                slot.copy_from_slice(&value.to_le_bytes());
            }
            Instr::MemoryCopy { dst, src, len } => {
                store.fuel.consume_fuel_if(|costs| {
                    costs.base().saturating_add(costs.fuel_for_copying_values::<u8>(u64::from(len)))
                })?;
                let (dst, src, len) = (dst as usize, src as usize, len as usize);
                if src + len > store.memory.len() || dst + len > store.memory.len() {
                    return Err(Trap::MemoryOutOfBounds);
                }
                store.memory.copy_within(src..src + len, dst);
            }
            Instr::Call(callee) => {
                store.fuel.consume_fuel_if(|costs| costs.call())?;
                if stack.len() + depth >= store.config.max_stack_height() {
                    return Err(Trap::StackOverflow);
                }
                run(store, funcs, callee, stack, depth + 1)?;
            }
            Instr::Return => return Ok(()),
        }
    }
    Ok(())
}
