/// Gas state of one call frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gas {
    /// The gas limit the frame started with; constant during execution.
    limit: u64,
    /// Gas still available to the frame.
    remaining: u64,
    /// Refund counter, settled at the end of the transaction.
    refunded: i64,
}

impl Gas {
    pub const fn new(limit: u64) -> Self {
        Self { limit, remaining: limit, refunded: 0 }
    }

    pub const fn limit(&self) -> u64 {
        self.limit
    }

    pub const fn remaining(&self) -> u64 {
        self.remaining
    }

    pub const fn spent(&self) -> u64 {
        self.limit - self.remaining
    }

    /// Charges `cost`; returns `false` and leaves the state untouched when
    /// the frame cannot afford it.
    #[must_use]
    pub fn record_cost(&mut self, cost: u64) -> bool {
        match self.remaining.checked_sub(cost) {
            Some(left) => {
                self.remaining = left;
                true
            }
            None => false,
        }
    }

    /// Gives back gas a child frame did not use.
    pub fn erase_cost(&mut self, returned: u64) {
        self.remaining += returned;
    }

    pub fn record_refund(&mut self, refund: i64) {
        self.refunded += refund;
    }

    /// Refund actually paid out, capped at `spent / quotient` (EIP-3529).
    pub fn final_refund(&self, quotient: u64) -> u64 {
        (self.refunded.max(0) as u64).min(self.spent() / quotient)
    }
}
