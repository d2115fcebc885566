//! Triggers decide when a rotation should occur.
//!
//! A trigger inspects the bytes being written and returns an `Action`, either
//! requesting a rotation and indicating how many bytes were consumed before the
//! rotation point, or `Action::None` to continue writing.

use crate::{Action, Trigger};

/// Rotate when the total number of bytes written reaches a configured limit.
pub struct Bytes {
    pub count: usize,
    pub limit: usize,
}

impl Bytes {
    /// Create a new `Bytes` trigger with a default limit of 1 MiB.
    pub fn new() -> Self {
        let byte_count_1_mib = 1_048_576;
        Self { count: 0, limit: byte_count_1_mib }
    }

    /// Set the byte limit at which a rotation is triggered.
    pub fn limit(mut self, bytes: usize) -> Self {
        self.limit = bytes;
        self
    }
}

impl Default for Bytes {
    fn default() -> Self {
        Self::new()
    }
}

impl Trigger for Bytes {
    fn trigger(&mut self, bytes: &[u8]) -> Action {
        if self.count + bytes.len() >= self.limit {
            let consumed = self.limit - self.count;
            Action::Rotate { consumed }
        } else {
            self.count += bytes.len();
            Action::None
        }
    }

    fn reset(&mut self) {
        self.count = 0;
    }
}

/// Rotate after a specified number of newline-terminated lines.
///
/// `LineCount` counts `\n` bytes observed since the last rotation, and
/// triggers a rotation when the configured limit is reached. The consumed
/// count includes the final newline that satisfied the limit.
pub struct LineCount {
    limit: usize,
    current: usize,
}

impl LineCount {
    /// Create a new `LineCount` trigger with zero limit (must be set via `limit`).
    pub fn new() -> Self {
        Self { limit: 0, current: 0 }
    }

    /// Set the number of lines after which to rotate.
    pub fn limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }
}

impl Default for LineCount {
    fn default() -> Self {
        Self::new()
    }
}

impl Trigger for LineCount {
    fn trigger(&mut self, bytes: &[u8]) -> Action {
        let newlines = bytes.iter().filter(|&&b| b == b'\n').count();

        if self.current + newlines == self.limit { //@ BL006
            // Find the position of the line that reaches the limit
            let mut lines_seen = 0;
            let mut consumed = 0;

            for (i, &byte) in bytes.iter().enumerate() {
                if byte == b'\n' {
                    lines_seen += 1;
                    if self.current + lines_seen == self.limit { //@? BL006
                        consumed = i + 1; // Include the newline
                        break;
                    }
                }
            }

            Action::Rotate { consumed }
        } else {
            self.current += newlines;
            Action::None
        }
    }

    fn reset(&mut self) {
        self.current = 0;
    }
}

/// Trigger combinator that allows OR logic between triggers.
///
/// Evaluates the first trigger; if it requests a rotation, that result is
/// returned. Otherwise evaluates the second trigger. When a rotation occurs,
/// `reset` is called on the combinator which resets both underlying triggers.
pub struct TriggerCombinator<A, B> {
    pub(crate) trigger_a: A,
    pub(crate) trigger_b: B,
}

impl<A: Trigger, B: Trigger> Trigger for TriggerCombinator<A, B> {
    fn trigger(&mut self, bytes: &[u8]) -> Action {
        match self.trigger_a.trigger(bytes) {
            Action::Rotate { consumed } => Action::Rotate { consumed },
            Action::None => self.trigger_b.trigger(bytes),
        }
    }

    fn reset(&mut self) {
        self.trigger_a.reset();
        self.trigger_b.reset();
    }
}

/// Extension trait to add `.or()` method to triggers.
pub trait TriggerExt: Trigger + Sized {
    fn or<T: Trigger>(self, other: T) -> TriggerCombinator<Self, T> {
        TriggerCombinator { trigger_a: self, trigger_b: other }
    }
}

impl<T: Trigger> TriggerExt for T {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotates_on_nth_newline_and_consumes_including_newline() {
        let mut t = LineCount::new().limit(2);
        assert!(matches!(t.trigger(b"line1\nline2"), Action::None));
        match t.trigger(b"\nrest") {
            Action::Rotate { consumed } => assert_eq!(consumed, 1),
            _ => panic!("expected rotate"),
        }
    }
}
