//! Manages all available memory during query execution.

use crate::Result;
use std::fmt::Display;
use std::sync::Arc;

mod pool;
pub use pool::{FairSpillPool, GreedyMemoryPool};

/// Tracks and potentially limits memory use across operators during execution.
pub trait MemoryPool: Send + Sync + std::fmt::Debug + Display {
    /// Return pool name
    fn name(&self) -> &str;
    /// Registers a new [`MemoryConsumer`]
    fn register(&self, _consumer: &MemoryConsumer) {}
    /// Records the destruction of a [`MemoryReservation`] with [`MemoryConsumer`]
    fn unregister(&self, _consumer: &MemoryConsumer) {}
    /// Infallibly grow the provided `reservation` by `additional` bytes
    fn grow(&self, reservation: &MemoryReservation, additional: usize);
    /// Infallibly shrink the provided `reservation` by `shrink` bytes
    fn shrink(&self, reservation: &MemoryReservation, shrink: usize);
    /// Attempt to grow the provided `reservation` by `additional` bytes
    fn try_grow(&self, reservation: &MemoryReservation, additional: usize) -> Result<()>;
    /// Return the total amount of memory reserved
    fn reserved(&self) -> usize;
    /// Return the memory limit of the pool
    fn memory_limit(&self) -> MemoryLimit {
        MemoryLimit::Unknown
    }
}

/// Memory limit of `MemoryPool`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryLimit {
    Infinite,
    Finite(usize),
    Unknown,
}

/// A memory consumer is a named allocation traced by a particular reservation.
#[derive(Debug, Clone)]
pub struct MemoryConsumer {
    name: String,
    can_spill: bool,
}

impl MemoryConsumer {
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            can_spill: false,
        }
    }

    /// Set whether this allocation can be spilled to disk
    pub fn with_can_spill(self, can_spill: bool) -> Self {
        Self { can_spill, ..self }
    }

    pub fn can_spill(&self) -> bool {
        self.can_spill
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Registers this [`MemoryConsumer`] with the provided [`MemoryPool`] returning
    pub fn register(self, pool: &Arc<dyn MemoryPool>) -> MemoryReservation {
        pool.register(&self);
        MemoryReservation {
            registration: Arc::new(SharedRegistration {
                pool: Arc::clone(pool),
                consumer: self,
            }),
            size: 0,
        }
    }
}

/// A registration of a [`MemoryConsumer`] with a [`MemoryPool`].
#[derive(Debug)]
struct SharedRegistration {
    pool: Arc<dyn MemoryPool>,
    consumer: MemoryConsumer,
}

impl Drop for SharedRegistration {
    fn drop(&mut self) {
        self.pool.unregister(&self.consumer);
    }
}

/// A [`MemoryReservation`] tracks an individual reservation of a number of bytes of
/// memory in a [`MemoryPool`] that is freed back to the pool on drop.
#[derive(Debug)]
pub struct MemoryReservation {
    registration: Arc<SharedRegistration>,
    size: usize,
}

impl MemoryReservation {
    /// Returns the size of this reservation in bytes
    pub fn size(&self) -> usize {
        self.size
    }

    pub fn consumer(&self) -> &MemoryConsumer {
        &self.registration.consumer
    }

    /// Frees all bytes from this reservation back to the underlying pool
    pub fn free(&mut self) -> usize {
        let size = self.size;
        if size != 0 {
            self.shrink(size)
        }
        size
    }

    /// Frees `capacity` bytes from this reservation
    pub fn shrink(&mut self, capacity: usize) {
        let new_size = self.size.checked_sub(capacity).unwrap();
        self.registration.pool.shrink(self, capacity);
        self.size = new_size
    }

    /// Increase the size of this reservation by `capacity` bytes
    pub fn grow(&mut self, capacity: usize) {
        self.registration.pool.grow(self, capacity);
        self.size += capacity;
    }

    /// Try to increase the size of this reservation by `capacity` bytes,
    pub fn try_grow(&mut self, capacity: usize) -> Result<()> {
        self.registration.pool.try_grow(self, capacity)?;
        self.size += capacity;
        Ok(())
    }
}

impl Drop for MemoryReservation {
    fn drop(&mut self) {
        self.free();
    }
}

/// Present size in human-readable form
pub fn human_readable_size(size: usize) -> String {
    match size {
        s if s >= 2 << 30 => format!("{:.1} GB", s as f64 / (1u64 << 30) as f64),
        s if s >= 2 << 20 => format!("{:.1} MB", s as f64 / (1u64 << 20) as f64),
        s if s >= 2 << 10 => format!("{:.1} KB", s as f64 / (1u64 << 10) as f64),
        s => format!("{s} B"),
    }
}
