//! A weighted LRU cache for small per-connection caches (prepared
//! statements, decoded schemas). Entries are bounded both by count and by
//! total weight; evictions and hit rates are recorded for the metrics page.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::num::NonZeroUsize;

/// Counters exported to the metrics endpoint.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CacheStats {
    pub hits: u64,
    pub misses: u64,
    pub evictions: u64,
    pub peak_weight: u64,
}

impl CacheStats {
    pub fn hit_ratio(&self) -> f64 {
        let total = self.hits + self.misses;
        if total == 0 {
            0.0
        } else {
            self.hits as f64 / total as f64
        }
    }
}

pub struct WeightedLru<K, V> {
    cap: NonZeroUsize,
    max_weight: u64,
    current_weight: u64,
    map: HashMap<K, (V, u64)>,
    /// Most recently used at the back.
    order: VecDeque<K>,
    stats: CacheStats,
}

impl<K: Hash + Eq + Clone, V> WeightedLru<K, V> {
    pub fn new(cap: NonZeroUsize, max_weight: u64) -> Self {
        Self {
            cap,
            max_weight,
            current_weight: 0,
            map: HashMap::with_capacity(cap.get()),
            order: VecDeque::with_capacity(cap.get()),
            stats: CacheStats::default(),
        }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn cap(&self) -> NonZeroUsize {
        self.cap
    }

    pub fn weight(&self) -> u64 {
        self.current_weight
    }

    pub fn stats(&self) -> CacheStats {
        self.stats
    }

    fn touch(&mut self, key: &K) {
        if let Some(i) = self.order.iter().position(|k| k == key) {
            let k = self.order.remove(i).expect("index from position");
            self.order.push_back(k);
        }
    }

    pub fn get(&mut self, key: &K) -> Option<&V> {
        if self.map.contains_key(key) {
            self.stats.hits += 1;
            self.touch(key);
            self.map.get(key).map(|(v, _)| v)
        } else {
            self.stats.misses += 1;
            None
        }
    }

    fn evict_lru(&mut self) -> bool {
        let Some(old) = self.order.pop_front() else { return false };
        if let Some((_, w)) = self.map.remove(&old) {
            self.current_weight -= w;
            self.stats.evictions += 1;
        }
        true
    }

    /// Inserts `value` with `weight`, evicting least recently used entries
    /// until both bounds hold. Values heavier than the whole cache are
    /// handed back.
    pub fn put(&mut self, key: K, value: V, weight: u64) -> Result<(), V> {
        if weight > self.max_weight {
            return Err(value);
        }
        if let Some((_, w)) = self.map.remove(&key) {
            self.current_weight -= w;
            self.order.retain(|k| k != &key);
        }
        while self.map.len() >= self.cap.get() || self.current_weight + weight > self.max_weight {
            if !self.evict_lru() {
                break;
            }
        }
        self.current_weight += weight;
        self.stats.peak_weight = self.stats.peak_weight.max(self.current_weight);
        self.map.insert(key.clone(), (value, weight));
        self.order.push_back(key);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evicts_by_count() {
        let mut c = WeightedLru::new(NonZeroUsize::new(2).unwrap(), 100);
        c.put("a", 1, 1).unwrap();
        c.put("b", 2, 1).unwrap();
        c.get(&"a");
        c.put("c", 3, 1).unwrap();
        assert!(c.get(&"b").is_none());
        assert_eq!(c.stats().evictions, 1);
    }

    #[test]
    fn evicts_by_weight() {
        let mut c = WeightedLru::new(NonZeroUsize::new(10).unwrap(), 10);
        c.put(1, (), 6).unwrap();
        c.put(2, (), 6).unwrap();
        assert_eq!(c.len(), 1);
        assert_eq!(c.weight(), 6);
        assert!(c.put(3, (), 11).is_err());
    }
}
