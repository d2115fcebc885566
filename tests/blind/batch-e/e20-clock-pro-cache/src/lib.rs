//! Lightweight and high performance concurrent cache.

pub mod options;
pub mod shard;

use std::hash::Hash;
use std::sync::Mutex;

pub use options::{Options, OptionsBuilder};
use shard::CacheShard;

/// Defines the weight of a cache entry.
pub trait Weighter<Key, Val> {
    /// Returns the weight of the cache item.
    fn weight(&self, key: &Key, val: &Val) -> u64;
}

/// Each item has a weight of 1.
#[derive(Debug, Clone, Copy, Default)]
pub struct UnitWeighter;

impl<Key, Val> Weighter<Key, Val> for UnitWeighter {
    #[inline]
    fn weight(&self, _key: &Key, _val: &Val) -> u64 {
        1
    }
}

/// A concurrent cache built from a single locked shard.
pub struct Cache<Key, Val, We = UnitWeighter> {
    shard: Mutex<CacheShard<Key, Val, We>>,
}

impl<Key: Eq + Hash + Clone, Val: Clone> Cache<Key, Val> {
    /// Creates a new cache holding up to `items_capacity` items (approximately).
    pub fn new(items_capacity: usize) -> Self {
        let options = OptionsBuilder::new()
            .estimated_items_capacity(items_capacity)
            .weight_capacity(items_capacity as u64)
            .build()
            .unwrap();
        Self::with_options(options, UnitWeighter)
    }
}

impl<Key: Eq + Hash + Clone, Val: Clone, We: Weighter<Key, Val>> Cache<Key, Val, We> {
    /// Creates a new cache that can hold up to `weight_capacity` in weight.
    pub fn with_weighter(estimated_items_capacity: usize, weight_capacity: u64, weighter: We) -> Self {
        let options = OptionsBuilder::new()
            .estimated_items_capacity(estimated_items_capacity)
            .weight_capacity(weight_capacity)
            .build()
            .unwrap();
        Self::with_options(options, weighter)
    }

    /// Constructs a cache based on [OptionsBuilder].
    pub fn with_options(options: Options, weighter: We) -> Self {
        let shard = CacheShard::new(
            options.hot_allocation,
            options.ghost_allocation,
            options.estimated_items_capacity,
            options.weight_capacity,
            weighter,
        );
        Cache { shard: Mutex::new(shard) }
    }

    /// Fetches an item from the cache whose key is `key`.
    pub fn get(&self, key: &Key) -> Option<Val> {
        self.shard.lock().unwrap().get(key).cloned()
    }

    /// Inserts an item in the cache with key `key`; returns evicted items.
    pub fn insert(&self, key: Key, value: Val) -> Vec<(Key, Val)> {
        self.shard.lock().unwrap().insert(key, value)
    }

    /// Removes an item from the cache whose key is `key`.
    pub fn remove(&self, key: &Key) -> Option<(Key, Val)> {
        self.shard.lock().unwrap().remove(key)
    }

    /// Returns the total weight of cached items.
    pub fn weight(&self) -> u64 {
        self.shard.lock().unwrap().weight()
    }

    /// Returns the maximum weight of cached items.
    pub fn capacity(&self) -> u64 {
        self.shard.lock().unwrap().capacity()
    }

    /// Returns the number of cached items.
    pub fn len(&self) -> usize {
        self.shard.lock().unwrap().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Returns `(hits, misses)`.
    pub fn stats(&self) -> (u64, u64) {
        let shard = self.shard.lock().unwrap();
        (shard.hits(), shard.misses())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stays_within_capacity() {
        let cache = Cache::new(16);
        for i in 0..1000u32 {
            cache.insert(i % 40, i);
            if i % 3 == 0 {
                cache.get(&(i % 7));
            }
            assert!(cache.weight() <= cache.capacity());
        }
        assert!(cache.len() <= 16);
    }
}
