use std::fmt;
use std::ops::{Deref, DerefMut};

pub const RECURSION_LIMIT: u8 = u8::MAX;

/// A counter for tracking the amount of time spent in `Executor::step` and in callbacks.
///
/// The fuel unit is *approximately* one VM instruction, but this is just a rough estimate
/// (especially since VM instructions are highly variable in cost, such as with the len operator).
///
/// All operations that take a variable amount of time should consume some amount of fuel, so that
/// it is always possible to bound the amount of time spent in `Executor::step`.
#[derive(Debug, Clone)]
pub struct Fuel {
    fuel: i32,
    interrupted: bool,
    recursion_level: u8,
}

impl Fuel {
    pub fn empty() -> Self {
        Self::with_fuel(0)
    }

    pub fn with_fuel(fuel: i32) -> Self {
        Self {
            fuel,
            interrupted: false,
            recursion_level: 0,
        }
    }

    /// Refills fuel up to a given maximum and also clears the fuel interrupt flag.
    ///
    /// This is a convenience method that is intended to be called outside the outermost call to
    /// `Executor::step` in some loop. It credits the running thread with fuel while also
    /// preventing available fuel from growing to an unbounded level.
    pub fn refill(&mut self, fuel: i32, max_fuel: i32) {
        self.fuel = self.fuel.saturating_add(fuel).min(max_fuel);
        self.interrupted = false;
    }

    /// Add to or subtract from the current remaining fuel.
    pub fn adjust_fuel(&mut self, fuel: i32) {
        self.fuel = self.fuel.saturating_add(fuel);
    }

    /// Subtract from the current remaining fuel.
    ///
    /// This is a convenience method that is equivalent to `self.adjust_fuel(-fuel)`.
    pub fn consume_fuel(&mut self, fuel: i32) {
        self.adjust_fuel(fuel.saturating_neg());
    }

    pub fn remaining_fuel(&self) -> i32 {
        self.fuel
    }

    /// Marks that the calling thread should immediately stop executing, without actually
    /// consuming any fuel.
    pub fn interrupt(&mut self) {
        self.interrupted = true;
    }

    pub fn is_interrupted(&self) -> bool {
        self.interrupted
    }

    /// Returns true if we have positive fuel remaining *and* we have not been interrupted.
    pub fn should_continue(&self) -> bool {
        self.fuel > 0 && !self.interrupted
    }

    /// Mark that we are about to run a Rust callback that is potentially controlled by untrusted
    /// code.
    ///
    /// Increments the current recursion level if it is below `RECURSION_LIMIT`. If the recursion
    /// level would rise above the limit, this returns a recursion error, otherwise returns a
    /// guard that restores the previous recursion level on drop.
    pub fn recurse(&mut self) -> Result<Recurse<'_>, RecursionLimit> {
        if self.recursion_level == RECURSION_LIMIT {
            return Err(RecursionLimit);
        }

        self.recursion_level += 1;
        Ok(Recurse(self))
    }

    /// Returns the current Rust callback recursion level.
    pub fn recursion_level(&self) -> u8 {
        self.recursion_level
    }
}

#[derive(Debug, Copy, Clone, PartialEq)]
pub struct RecursionLimit;

impl fmt::Display for RecursionLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("callback recursion limit reached")
    }
}

impl std::error::Error for RecursionLimit {}

pub struct Recurse<'a>(&'a mut Fuel);

impl Drop for Recurse<'_> {
    fn drop(&mut self) {
        self.recursion_level -= 1;
    }
}

impl Deref for Recurse<'_> {
    type Target = Fuel;

    fn deref(&self) -> &Fuel {
        self.0
    }
}

impl DerefMut for Recurse<'_> {
    fn deref_mut(&mut self) -> &mut Fuel {
        self.0
    }
}
