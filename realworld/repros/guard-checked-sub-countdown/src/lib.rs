//! Fuel counts down; one expression both spends it and checks it:
//! `checked_sub` fails instead of going below zero, and `?` handles it.

#[derive(Debug)]
pub struct OutOfFuel {
    pub required: u64,
}

pub struct Fuel {
    remaining: u64,
    enabled: bool,
}

impl Fuel {
    pub fn new(enabled: bool) -> Self {
        Fuel { remaining: 0, enabled }
    }

    pub fn set_fuel(&mut self, fuel: u64) {
        self.remaining = fuel;
    }

    pub fn consume_fuel(&mut self, delta: u64) -> Result<u64, OutOfFuel> {
        if !self.enabled {
            return Ok(u64::MAX);
        }
        self.remaining = self
            .remaining
            .checked_sub(delta)
            .ok_or(OutOfFuel { required: delta })?;
        Ok(self.remaining)
    }
}
