//! Mark-and-sweep heap for the interpreter's boxed values.
//!
//! Allocation past the soft threshold triggers a collection; the threshold
//! then grows with the live size. Independently, the heap never grows past
//! the hard limit: an allocation that still does not fit after collecting
//! fails with [`OutOfMemory`].

mod heap;

pub use heap::{Handle, Heap, Object, OutOfMemory};

#[derive(Debug, Clone, PartialEq)]
pub struct GcConfig {
    /// Soft threshold for the first collection.
    pub initial_threshold: usize,
    /// Next threshold = live bytes after a collection * this factor.
    pub growth_factor: f64,
    /// Hard limit on live bytes.
    pub max_heap_bytes: usize,
}

impl Default for GcConfig {
    fn default() -> Self {
        Self { initial_threshold: 1 << 20, growth_factor: 2.0, max_heap_bytes: 256 << 20 }
    }
}
