//! The gas limit is enforced through a countdown beside it (`remaining`,
//! decreased with `checked_sub`). `ResultGas` only records the total that
//! the tracker measured, copied in through a setter.

pub struct GasTracker {
    gas_limit: u64,
    remaining: u64,
}

impl GasTracker {
    pub fn new(gas_limit: u64) -> Self {
        Self {
            gas_limit,
            remaining: gas_limit,
        }
    }

    pub fn record_cost(&mut self, cost: u64) -> bool {
        match self.remaining.checked_sub(cost) {
            Some(left) => {
                self.remaining = left;
                true
            }
            None => false,
        }
    }

    pub fn spent(&self) -> u64 {
        self.gas_limit - self.remaining
    }
}

#[derive(Default)]
pub struct ResultGas {
    total_gas_spent: u64,
}

impl ResultGas {
    pub fn set_total_gas_spent(&mut self, total_gas_spent: u64) {
        self.total_gas_spent = total_gas_spent;
    }

    pub fn total_gas_spent(&self) -> u64 {
        self.total_gas_spent
    }
}
