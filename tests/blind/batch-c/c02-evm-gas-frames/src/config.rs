/// Chain-level execution parameters, read from the node's chain spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvmConfig {
    pub chain_id: u64,
    pub block_gas_limit: u64,
    /// EIP-170 limit on deployed runtime code.
    pub max_code_size: usize,
    /// EIP-3860 limit on the init code passed to CREATE / CREATE2.
    pub max_initcode_size: usize, //@ BL003
    pub max_call_depth: usize,
    /// Gas charged per 32-byte word of init code.
    pub initcode_word_cost: u64,
    pub code_deposit_cost: u64,
}

impl Default for EvmConfig {
    fn default() -> Self {
        Self {
            chain_id: 1,
            block_gas_limit: 30_000_000,
            max_code_size: 0x6000,
            max_initcode_size: 2 * 0x6000,
            max_call_depth: 1024,
            initcode_word_cost: 2,
            code_deposit_cost: 200,
        }
    }
}

impl EvmConfig {
    /// Parses `key = value` lines; unknown keys are rejected, missing ones
    /// keep their mainnet defaults.
    pub fn from_spec(text: &str) -> Result<Self, String> {
        let mut cfg = Self::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| format!("line {}: expected `key = value`", n + 1))?;
            let value = value.trim();
            let bad = |e: std::num::ParseIntError| format!("line {}: {e}", n + 1);
            match key.trim() {
                "chain_id" => cfg.chain_id = value.parse().map_err(bad)?,
                "block_gas_limit" => cfg.block_gas_limit = value.parse().map_err(bad)?,
                "max_code_size" => cfg.max_code_size = value.parse().map_err(bad)?,
                "max_initcode_size" => cfg.max_initcode_size = value.parse().map_err(bad)?,
                "max_call_depth" => cfg.max_call_depth = value.parse().map_err(bad)?,
                "initcode_word_cost" => cfg.initcode_word_cost = value.parse().map_err(bad)?,
                "code_deposit_cost" => cfg.code_deposit_cost = value.parse().map_err(bad)?,
                other => return Err(format!("line {}: unknown key `{other}`", n + 1)),
            }
        }
        Ok(cfg)
    }
}
