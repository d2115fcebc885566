//! Transaction and block environment and the pre-execution checks.

use crate::gas::Gas;

pub const TX_BASE_COST: u64 = 21_000;

#[derive(Clone, Debug)]
pub struct BlockEnv {
    pub number: u64,
    pub gas_limit: u64,
    pub basefee: u64,
}

#[derive(Clone, Debug)]
pub struct TxEnv {
    pub caller: [u8; 20],
    pub gas_limit: u64,
    pub gas_price: u64,
    pub data: Vec<u8>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum InvalidTransaction {
    CallerGasLimitMoreThanBlock,
    CallGasCostMoreThanGasLimit,
    GasPriceLessThanBasefee,
}

impl BlockEnv {
    /// Reads `BLOCK_GAS_LIMIT` (defaults to 30M).
    pub fn from_env() -> Self {
        let gas_limit = std::env::var("BLOCK_GAS_LIMIT")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(30_000_000);
        BlockEnv { number: 0, gas_limit, basefee: 7 }
    }
}

/// Validates the transaction against the block and returns the initial gas.
pub fn validate_tx(block: &BlockEnv, tx: &TxEnv) -> Result<Gas, InvalidTransaction> {
    if tx.gas_limit > block.gas_limit {
        return Err(InvalidTransaction::CallerGasLimitMoreThanBlock);
    }
    if tx.gas_price < block.basefee {
        return Err(InvalidTransaction::GasPriceLessThanBasefee);
    }
    let zeros = tx.data.iter().filter(|b| **b == 0).count() as u64;
    let initial_gas = TX_BASE_COST + zeros * 4 + (tx.data.len() as u64 - zeros) * 16;
    if initial_gas > tx.gas_limit {
        return Err(InvalidTransaction::CallGasCostMoreThanGasLimit);
    }
    let mut gas = Gas::new(tx.gas_limit);
    let _ = gas.record_cost(initial_gas);
    Ok(gas)
}

/// What the caller pays back after execution.
pub fn reimburse_caller(tx: &TxEnv, gas: &Gas) -> u64 {
    (gas.remaining() + gas.refunded() as u64) * tx.gas_price
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spent_tracks_recorded_cost() {
        let mut gas = Gas::new(100);
        assert!(gas.record_cost(40));
        assert_eq!(gas.spent(), 40);
        assert!(!gas.record_cost(61));
        gas.set_spent(100);
        assert_eq!(gas.remaining(), 0);
    }
}
