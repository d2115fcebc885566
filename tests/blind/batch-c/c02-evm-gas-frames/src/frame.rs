use crate::{EvmConfig, Gas};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    OutOfGas,
    CallTooDeep,
    CreateContractSizeLimit,
    CreateInitCodeSizeLimit,
    GasLimitAboveBlock,
    InvalidChainId,
}

/// One level of the call stack.
#[derive(Debug, Clone)]
pub struct Frame {
    pub gas: Gas,
    pub depth: usize,
    pub is_static: bool,
}

impl Frame {
    pub fn root(gas_limit: u64) -> Self {
        Self { gas: Gas::new(gas_limit), depth: 0, is_static: false }
    }

    /// Child frame receiving all but one 64th of the parent's gas (EIP-150).
    fn child(&mut self) -> Result<Frame, Halt> {
        let forwarded = self.gas.remaining() - self.gas.remaining() / 64;
        if !self.gas.record_cost(forwarded) {
            return Err(Halt::OutOfGas);
        }
        Ok(Frame { gas: Gas::new(forwarded), depth: self.depth + 1, is_static: self.is_static })
    }
}

pub fn validate_tx(cfg: &EvmConfig, chain_id: u64, gas_limit: u64) -> Result<Frame, Halt> {
    if chain_id != cfg.chain_id {
        return Err(Halt::InvalidChainId);
    }
    if gas_limit > cfg.block_gas_limit {
        return Err(Halt::GasLimitAboveBlock);
    }
    Ok(Frame::root(gas_limit))
}

/// Runs a CREATE: charges init code, executes it in a child frame through
/// `run_init`, then charges the deposit of the returned runtime code.
pub fn create(
    cfg: &EvmConfig,
    parent: &mut Frame,
    initcode: &[u8],
    run_init: impl FnOnce(&[u8], &mut Frame) -> Vec<u8>,
) -> Result<Vec<u8>, Halt> {
    if parent.depth >= cfg.max_call_depth {
        return Err(Halt::CallTooDeep);
    }
    let words = (initcode.len() as u64).div_ceil(32);
    if !parent.gas.record_cost(words * cfg.initcode_word_cost) {
        return Err(Halt::OutOfGas);
    }

    let mut child = parent.child()?;
    let code = run_init(initcode, &mut child);
    parent.gas.erase_cost(child.gas.remaining());

    if code.len() > cfg.max_code_size {
        return Err(Halt::CreateContractSizeLimit);
    }
    if !parent.gas.record_cost(cfg.code_deposit_cost * code.len() as u64) {
        return Err(Halt::OutOfGas);
    }
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_create_is_refused() {
        let cfg = EvmConfig { max_call_depth: 2, ..EvmConfig::default() };
        let mut f = Frame::root(1_000_000);
        f.depth = 2;
        assert_eq!(create(&cfg, &mut f, &[0u8; 10], |_, _| vec![]), Err(Halt::CallTooDeep));
    }

    #[test]
    fn deposit_is_charged() {
        let cfg = EvmConfig::default();
        let mut f = Frame::root(100_000);
        let code = create(&cfg, &mut f, &[0u8; 64], |_, c| {
            assert_eq!(c.depth, 1);
            vec![0xfe; 10]
        })
        .unwrap();
        assert_eq!(code.len(), 10);
        assert_eq!(f.gas.spent(), 4 + 2000);
    }
}
