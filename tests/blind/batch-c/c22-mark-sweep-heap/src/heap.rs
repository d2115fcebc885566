use std::fmt;

use crate::GcConfig;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Handle(usize);

#[derive(Debug, Clone, PartialEq)]
pub enum Object {
    Int(i64),
    Str(String),
    Pair(Handle, Handle),
}

impl Object {
    fn size(&self) -> usize {
        std::mem::size_of::<Object>()
            + match self {
                Object::Str(s) => s.capacity(),
                _ => 0,
            }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutOfMemory {
    pub requested: usize,
    pub live: usize,
}

impl fmt::Display for OutOfMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heap exhausted: {} bytes requested with {} live", self.requested, self.live)
    }
}

pub struct Heap {
    slots: Vec<Option<(Object, bool)>>,
    free: Vec<usize>,
    bytes_allocated: usize,
    /// Soft trigger: collect before allocating past this.
    next_gc: usize,
    cfg: GcConfig,
    pub collections: u64,
}

impl Heap {
    pub fn new(cfg: GcConfig) -> Self {
        Self { slots: Vec::new(), free: Vec::new(), bytes_allocated: 0, next_gc: cfg.initial_threshold, cfg, collections: 0 }
    }

    pub fn bytes_allocated(&self) -> usize {
        self.bytes_allocated
    }

    pub fn get(&self, h: Handle) -> Option<&Object> {
        self.slots.get(h.0)?.as_ref().map(|(o, _)| o)
    }

    pub fn alloc(&mut self, obj: Object, roots: &[Handle]) -> Result<Handle, OutOfMemory> {
        let size = obj.size();
        if self.bytes_allocated + size > self.next_gc {
            self.collect(roots);
        }
        if self.bytes_allocated + size > self.cfg.max_heap_bytes {
            return Err(OutOfMemory { requested: size, live: self.bytes_allocated });
        }
        self.bytes_allocated += size;
        let entry = Some((obj, false));
        let idx = match self.free.pop() {
            Some(i) => {
                self.slots[i] = entry;
                i
            }
            None => {
                self.slots.push(entry);
                self.slots.len() - 1
            }
        };
        Ok(Handle(idx))
    }

    pub fn collect(&mut self, roots: &[Handle]) {
        let mut stack: Vec<usize> = roots.iter().map(|h| h.0).collect();
        while let Some(i) = stack.pop() {
            if let Some(Some((obj, marked))) = self.slots.get_mut(i) {
                if *marked {
                    continue;
                }
                *marked = true;
                if let Object::Pair(a, b) = obj {
                    stack.extend([a.0, b.0]);
                }
            }
        }
        for (i, slot) in self.slots.iter_mut().enumerate() {
            match slot {
                Some((_, marked)) if *marked => *marked = false,
                Some((obj, _)) => {
                    self.bytes_allocated -= obj.size();
                    *slot = None;
                    self.free.push(i);
                }
                None => {}
            }
        }
        let grown = (self.bytes_allocated as f64 * self.cfg.growth_factor) as usize;
        self.next_gc = grown.clamp(self.cfg.initial_threshold, self.cfg.max_heap_bytes);
        self.collections += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> GcConfig {
        let unit = std::mem::size_of::<Object>();
        GcConfig { initial_threshold: 4 * unit, growth_factor: 2.0, max_heap_bytes: 8 * unit }
    }

    #[test]
    fn garbage_is_collected_at_threshold() {
        let mut heap = Heap::new(small());
        for i in 0..20 {
            heap.alloc(Object::Int(i), &[]).unwrap();
        }
        assert!(heap.collections >= 4);
    }

    #[test]
    fn live_data_hits_hard_limit() {
        let mut heap = Heap::new(small());
        let mut roots = Vec::new();
        let err = loop {
            match heap.alloc(Object::Int(1), &roots) {
                Ok(h) => roots.push(h),
                Err(e) => break e,
            }
        };
        assert_eq!(roots.len(), 8);
        assert_eq!(err.live, heap.bytes_allocated());
    }
}
