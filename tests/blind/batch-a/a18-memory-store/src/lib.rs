//! Long-term memory for an assistant: facts the agent chose to remember,
//! recalled by keyword overlap. The oldest memory is forgotten when full.

mod bounded;

pub use bounded::Bounded;

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

#[derive(Debug, Clone, PartialEq)]
pub struct Memory {
    pub text: String,
    pub tags: Vec<String>,
}

pub struct MemoryStore {
    items: RefCell<VecDeque<Memory>>,
    kept: Cell<usize>,
    forgotten: Cell<u64>,
    max_memories: usize,
}

impl Bounded for MemoryStore {
    fn stored(&self) -> usize {
        self.kept.get()
    }

    fn capacity(&self) -> usize {
        self.max_memories
    }
}

impl MemoryStore {
    pub fn new(max_memories: usize) -> Self {
        Self {
            items: RefCell::new(VecDeque::with_capacity(max_memories)),
            kept: Cell::new(0),
            forgotten: Cell::new(0),
            max_memories,
        }
    }

    /// Stores a memory, forgetting the oldest one if the store is full.
    pub fn remember(&self, memory: Memory) {
        if self.max_memories == 0 {
            return;
        }
        let mut items = self.items.borrow_mut();
        if self.is_full() {
            items.pop_front();
            self.kept.set(self.kept.get() - 1);
            self.forgotten.set(self.forgotten.get() + 1);
        }
        items.push_back(memory);
        self.kept.set(self.kept.get() + 1);
    }

    /// Up to `limit` memories sharing the most words with `query`.
    pub fn recall(&self, query: &str, limit: usize) -> Vec<Memory> {
        let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
        let items = self.items.borrow();
        let mut scored: Vec<(usize, &Memory)> = items
            .iter()
            .map(|m| {
                let text = m.text.to_lowercase();
                let score = words.iter().filter(|w| text.contains(w.as_str()) || m.tags.contains(w)).count();
                (score, m)
            })
            .filter(|(score, _)| *score > 0)
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0));
        scored.into_iter().take(limit).map(|(_, m)| m.clone()).collect()
    }

    pub fn forgotten(&self) -> u64 {
        self.forgotten.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oldest_is_forgotten() {
        let store = MemoryStore::new(2);
        for t in ["likes rust", "lives in Oslo", "uses vim"] {
            store.remember(Memory { text: t.into(), tags: vec![] });
        }
        assert_eq!(store.stored(), 2);
        assert_eq!(store.forgotten(), 1);
        assert!(store.recall("rust", 5).is_empty());
    }
}
