use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, VecDeque};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{self, AtomicBool, AtomicU64};

use crate::Weighter;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum ResidentState {
    Hot,
    Cold,
}

#[derive(Debug)]
struct Resident<Key, Val> {
    key: Key,
    value: Val,
    state: ResidentState,
    referenced: AtomicBool,
}

/// A bounded cache using a modified CLOCK-PRO eviction policy.
pub struct CacheShard<Key, Val, We> {
    map: HashMap<Key, Resident<Key, Val>>,
    /// Ring of cold keys, oldest first.
    cold_ring: VecDeque<Key>,
    /// Ring of hot keys, oldest first.
    hot_ring: VecDeque<Key>,
    /// Ring of hashes of recently evicted keys.
    ghost_ring: VecDeque<u64>,
    weight_target_hot: u64,
    weight_capacity: u64,
    weight_hot: u64,
    weight_cold: u64,
    num_hot: usize,
    num_cold: usize,
    num_non_resident: usize,
    capacity_non_resident: usize,
    hits: AtomicU64,
    misses: AtomicU64,
    weighter: We,
}

impl<Key: Eq + Hash + Clone, Val, We: Weighter<Key, Val>> CacheShard<Key, Val, We> {
    pub fn new(
        hot_allocation: f64,
        ghost_allocation: f64,
        estimated_items_capacity: usize,
        weight_capacity: u64,
        weighter: We,
    ) -> Self {
        let weight_target_hot = (weight_capacity as f64 * hot_allocation) as u64;
        let capacity_non_resident = (estimated_items_capacity as f64 * ghost_allocation) as usize;
        Self {
            map: HashMap::with_capacity(0),
            cold_ring: VecDeque::new(),
            hot_ring: VecDeque::new(),
            ghost_ring: VecDeque::new(),
            weight_capacity,
            hits: Default::default(),
            misses: Default::default(),
            capacity_non_resident,
            weight_target_hot,
            num_hot: 0,
            num_cold: 0,
            num_non_resident: 0,
            weight_hot: 0,
            weight_cold: 0,
            weighter,
        }
    }

    pub fn weight(&self) -> u64 {
        self.weight_hot + self.weight_cold
    }

    pub fn len(&self) -> usize {
        self.num_hot + self.num_cold
    }

    pub fn capacity(&self) -> u64 {
        self.weight_capacity
    }

    pub fn hits(&self) -> u64 {
        self.hits.load(atomic::Ordering::Relaxed)
    }

    pub fn misses(&self) -> u64 {
        self.misses.load(atomic::Ordering::Relaxed)
    }

    fn hash(key: &Key) -> u64 {
        let mut hasher = DefaultHasher::new();
        key.hash(&mut hasher);
        hasher.finish()
    }

    pub fn get(&self, key: &Key) -> Option<&Val> {
        if let Some(resident) = self.map.get(key) {
            resident.referenced.store(true, atomic::Ordering::Relaxed);
            self.hits.fetch_add(1, atomic::Ordering::Relaxed);
            return Some(&resident.value);
        }
        self.misses.fetch_add(1, atomic::Ordering::Relaxed);
        None
    }

    pub fn remove(&mut self, key: &Key) -> Option<(Key, Val)> {
        let r = self.map.remove(key)?;
        let weight = self.weighter.weight(&r.key, &r.value);
        if r.state == ResidentState::Hot {
            self.num_hot -= 1;
            self.weight_hot -= weight;
            self.hot_ring.retain(|k| k != key);
        } else {
            self.num_cold -= 1;
            self.weight_cold -= weight;
            self.cold_ring.retain(|k| k != key);
        }
        Some((r.key, r.value))
    }

    /// Advance cold ring, promoting to hot and demoting as needed.
    fn advance_cold(&mut self, evicted: &mut Vec<(Key, Val)>) {
        let Some(key) = self.cold_ring.pop_front() else {
            self.advance_hot(evicted);
            return;
        };
        let resident = self.map.get_mut(&key).unwrap();
        let weight = self.weighter.weight(&resident.key, &resident.value);
        if *resident.referenced.get_mut() {
            *resident.referenced.get_mut() = false;
            resident.state = ResidentState::Hot;
            self.weight_hot += weight;
            self.weight_cold -= weight;
            self.num_hot += 1;
            self.num_cold -= 1;
            self.hot_ring.push_back(key);
            // evict from hot if overweight
            while self.weight_hot > self.weight_target_hot {
                self.advance_hot(evicted);
            }
            return;
        }

        self.weight_cold -= weight;
        self.num_cold -= 1;
        let resident = self.map.remove(&key).unwrap();
        self.ghost_ring.push_back(Self::hash(&key));
        self.num_non_resident += 1;
        // evict from ghost if oversized
        if self.num_non_resident > self.capacity_non_resident {
            self.advance_ghost();
        }
        evicted.push((resident.key, resident.value));
    }

    /// Advance hot ring evicting entries.
    fn advance_hot(&mut self, evicted: &mut Vec<(Key, Val)>) {
        loop {
            let key = self.hot_ring.pop_front().expect("hot ring is empty");
            let resident = self.map.get_mut(&key).unwrap();
            if *resident.referenced.get_mut() {
                *resident.referenced.get_mut() = false;
                self.hot_ring.push_back(key);
                continue;
            }
            let weight = self.weighter.weight(&resident.key, &resident.value);
            self.weight_hot -= weight;
            self.num_hot -= 1;
            let resident = self.map.remove(&key).unwrap();
            evicted.push((resident.key, resident.value));
            return;
        }
    }

    fn advance_ghost(&mut self) {
        debug_assert_ne!(self.num_non_resident, 0);
        if self.ghost_ring.pop_front().is_some() {
            self.num_non_resident -= 1;
        }
    }

    /// Inserts `key`, returning the entries evicted to make room.
    pub fn insert(&mut self, key: Key, value: Val) -> Vec<(Key, Val)> {
        let mut evicted = Vec::new();
        let weight = self.weighter.weight(&key, &value);
        // don't admit if it won't fit within the budget
        if weight > self.weight_capacity {
            if let Some(existing) = self.remove(&key) {
                evicted.push(existing);
            }
            evicted.push((key, value));
            return evicted;
        }

        if self.map.contains_key(&key) {
            let old = self.remove(&key).unwrap();
            evicted.push(old);
        }

        let hash = Self::hash(&key);
        let was_ghost = match self.ghost_ring.iter().position(|h| *h == hash) {
            Some(pos) => {
                self.ghost_ring.remove(pos);
                self.num_non_resident -= 1;
                true
            }
            None => false,
        };

        let enter_hot = if self.weight_hot + self.weight_cold + weight > self.weight_capacity {
            // evict until we have enough space for this entry
            loop {
                self.advance_cold(&mut evicted);
                if self.weight_hot + self.weight_cold + weight <= self.weight_capacity {
                    break;
                }
            }
            was_ghost
        } else {
            // cache is filling up
            was_ghost || self.weight_hot + weight <= self.weight_target_hot
        };

        let state = if enter_hot {
            self.num_hot += 1;
            self.weight_hot += weight;
            self.hot_ring.push_back(key.clone());
            ResidentState::Hot
        } else {
            self.num_cold += 1;
            self.weight_cold += weight;
            self.cold_ring.push_back(key.clone());
            ResidentState::Cold
        };
        self.map.insert(
            key.clone(),
            Resident { key, value, state, referenced: AtomicBool::new(false) },
        );

        // a ghost re-entering hot may have made the hot section too big
        while self.weight_hot > self.weight_target_hot {
            self.advance_hot(&mut evicted);
        }
        evicted
    }
}
