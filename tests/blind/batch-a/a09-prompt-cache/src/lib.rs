//! Caches rendered prompts (system prompt + tool schemas + retrieved context)
//! keyed by a hash of their inputs, so repeated turns skip re-rendering.

mod config;

pub use config::CacheConfig;

use std::collections::{HashMap, VecDeque};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;
use std::time::Instant;

struct Entry {
    text: Arc<str>,
    inserted: Instant,
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CacheStats {
    pub entries: usize,
    pub resident_bytes: usize,
    pub hits: u64,
    pub misses: u64,
}

pub struct PromptCache {
    cfg: CacheConfig,
    map: HashMap<u64, Entry>,
    order: VecDeque<u64>,
    resident_bytes: usize,
    hits: u64,
    misses: u64,
}

pub fn key_of(parts: &[&str]) -> u64 {
    let mut h = DefaultHasher::new();
    parts.hash(&mut h);
    h.finish()
}

impl PromptCache {
    pub fn new(cfg: CacheConfig) -> Self {
        Self {
            cfg,
            map: HashMap::new(),
            order: VecDeque::new(),
            resident_bytes: 0,
            hits: 0,
            misses: 0,
        }
    }

    pub fn get_or_render(&mut self, key: u64, render: impl FnOnce() -> String) -> Arc<str> {
        if let Some(entry) = self.map.get(&key) {
            if entry.inserted.elapsed() <= self.cfg.ttl {
                self.hits += 1;
                return Arc::clone(&entry.text);
            }
            self.remove(key);
        }
        self.misses += 1;
        let text: Arc<str> = render().into();
        self.insert(key, Arc::clone(&text));
        text
    }

    fn insert(&mut self, key: u64, text: Arc<str>) {
        self.resident_bytes += text.len();
        self.map.insert(key, Entry { text, inserted: Instant::now() });
        self.order.push_back(key);
        while self.map.len() > self.cfg.max_entries {
            match self.order.pop_front() {
                Some(oldest) => self.remove(oldest),
                None => break,
            }
        }
    }

    fn remove(&mut self, key: u64) {
        if let Some(old) = self.map.remove(&key) {
            self.resident_bytes -= old.text.len();
            self.order.retain(|k| *k != key);
        }
    }

    pub fn stats(&self) -> CacheStats {
        CacheStats {
            entries: self.map.len(),
            resident_bytes: self.resident_bytes,
            hits: self.hits,
            misses: self.misses,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evicts_by_entry_count() {
        let mut cache = PromptCache::new(CacheConfig {
            max_entries: 2,
            ..CacheConfig::default()
        });
        for i in 0..3 {
            cache.get_or_render(i, || "x".repeat(10));
        }
        assert_eq!(cache.stats().entries, 2);
        assert_eq!(cache.stats().resident_bytes, 20);
    }
}
