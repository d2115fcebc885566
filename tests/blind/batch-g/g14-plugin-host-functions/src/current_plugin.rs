use std::collections::BTreeMap;

use crate::{Error, Manifest, MemoryHandle};

/// Hook the engine calls before growing a linear memory or table.
pub trait ResourceLimiter {
    fn memory_growing(&mut self, current: usize, desired: usize, maximum: Option<usize>) -> Result<bool, Error>;
}

pub struct MemoryLimiter {
    bytes_left: usize,
    max_bytes: usize,
}

impl MemoryLimiter {
    pub(crate) fn reset(&mut self) {
        self.bytes_left = self.max_bytes;
    }
}

impl ResourceLimiter for MemoryLimiter {
    fn memory_growing(&mut self, current: usize, desired: usize, maximum: Option<usize>) -> Result<bool, Error> {
        if let Some(max) = maximum {
            if desired >= max {
                return Err("oom".to_string());
            }
        }

        let d = desired - current;
        if d > self.bytes_left {
            return Err("oom".to_string());
        }

        self.bytes_left -= d;
        Ok(true)
    }
}

/// Subtract the minimum pages every module needs from the manifest's `max_pages`.
pub fn calculate_available_memory(max_pages: Option<u32>, module_min_pages: &[u32]) -> Result<Option<u32>, Error> {
    let Some(mut available) = max_pages else {
        return Ok(None);
    };
    for (i, min) in module_min_pages.iter().enumerate() {
        if *min > available {
            return Err(format!("Unable to load module {i}: needs {min} pages, {available} available"));
        }
        available -= min;
    }
    Ok(Some(available))
}

/// CurrentPlugin stores data that is available to the caller in PDK functions, this should
/// only be accessed from inside a host function
pub struct CurrentPlugin {
    /// Plugin variables
    pub(crate) vars: BTreeMap<String, Vec<u8>>,
    pub(crate) manifest: Manifest,
    pub(crate) memory: Vec<u8>,
    /// offset -> length of every live allocation (the kernel's block table)
    pub(crate) allocations: BTreeMap<u64, u64>,
    pub(crate) http_status: u16,
    pub(crate) available_pages: Option<u32>,
    pub(crate) memory_limiter: Option<MemoryLimiter>,
    pub(crate) start_time: std::time::Instant,
}

impl CurrentPlugin {
    pub fn new(manifest: Manifest, module_min_pages: &[u32]) -> Result<Self, Error> {
        let available_pages = calculate_available_memory(manifest.memory.max_pages, module_min_pages)?;
        let memory_limiter = available_pages.map(|pgs| {
            let n = pgs as usize * 65536;
            MemoryLimiter { max_bytes: n, bytes_left: n }
        });

        Ok(CurrentPlugin {
            vars: BTreeMap::new(),
            manifest,
            memory: Vec::new(),
            allocations: BTreeMap::new(),
            http_status: 0,
            available_pages,
            memory_limiter,
            start_time: std::time::Instant::now(),
        })
    }

    /// Pages left for the plugin after the modules' own minimums, if capped.
    pub fn available_pages(&self) -> Option<u32> {
        self.available_pages
    }

    /// Called by the engine when a plugin's linear memory wants to grow by `delta_pages`.
    pub fn grow_memory(&mut self, delta_pages: u32) -> Result<bool, Error> {
        let current = self.memory.len();
        let desired = current + delta_pages as usize * 65536;
        if let Some(limiter) = self.memory_limiter.as_mut() {
            if !limiter.memory_growing(current, desired, None)? {
                return Ok(false);
            }
        }
        self.memory.resize(desired, 0);
        Ok(true)
    }

    /// Reset per-call state before the next plugin call.
    pub fn reset(&mut self) {
        self.start_time = std::time::Instant::now();
        if let Some(limiter) = self.memory_limiter.as_mut() {
            limiter.reset();
        }
    }

    /// Get a `MemoryHandle` from a memory offset
    pub fn memory_handle(&self, offs: u64) -> Option<MemoryHandle> {
        if offs == 0 {
            return Some(MemoryHandle { offset: 0, length: 0 });
        }
        let len = self.allocations.get(&offs).copied().unwrap_or_default();
        if len == 0 {
            return None;
        }
        Some(MemoryHandle { offset: offs, length: len })
    }

    /// Allocate a handle large enough for `bytes` and copy them into plugin memory
    pub fn memory_new(&mut self, bytes: &[u8]) -> Result<MemoryHandle, Error> {
        if bytes.is_empty() {
            return Ok(MemoryHandle { offset: 0, length: 0 });
        }
        let offset = self.allocations.iter().last().map_or(1, |(o, l)| o + l);
        let end = offset as usize + bytes.len();
        if end > self.memory.len() {
            let pages = (end - self.memory.len()).div_ceil(65536) as u32;
            if !self.grow_memory(pages)? {
                return Err("out of memory".to_string());
            }
        }
        self.memory[offset as usize..end].copy_from_slice(bytes);
        self.allocations.insert(offset, bytes.len() as u64);
        Ok(MemoryHandle { offset, length: bytes.len() as u64 })
    }

    pub fn memory_bytes(&self, handle: MemoryHandle) -> Result<&[u8], Error> {
        let start = handle.offset as usize;
        self.memory.get(start..start + handle.length as usize).ok_or("invalid handle".to_string())
    }

    /// Time left before the manifest timeout expires, if one is configured.
    pub fn time_remaining(&self) -> Option<std::time::Duration> {
        if let Some(x) = &self.manifest.timeout_ms {
            let elapsed = &self.start_time.elapsed().as_millis();
            let ms_left = x.saturating_sub(*elapsed as u64);
            return Some(std::time::Duration::from_millis(ms_left));
        }

        None
    }
}
