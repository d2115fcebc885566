//! Per-store resource accounting of a WebAssembly runtime.

pub mod limits;

use std::fmt;

pub use limits::{ResourceLimiter, StoreLimits, StoreLimitsBuilder};
use limits::{DEFAULT_INSTANCE_LIMIT, DEFAULT_MEMORY_LIMIT, DEFAULT_TABLE_LIMIT};

#[derive(Debug, PartialEq, Eq)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

macro_rules! bail {
    ($($arg:tt)*) => {
        return Err(Error(format!($($arg)*)))
    };
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The subset of a compiled module the store needs.
#[derive(Debug, Clone, Default)]
pub struct Module {
    pub memory_plans: Vec<usize>,
    pub num_imported_memories: usize,
    pub table_plans: Vec<u32>,
    pub num_imported_tables: usize,
}

impl Module {
    pub fn num_defined_memories(&self) -> usize {
        self.memory_plans.len() - self.num_imported_memories
    }

    pub fn num_defined_tables(&self) -> usize {
        self.table_plans.len() - self.num_imported_tables
    }
}

/// Store state that doesn't depend on the host data type.
pub struct StoreOpaque {
    instance_count: usize,
    instance_limit: usize,
    memory_count: usize,
    memory_limit: usize,
    table_count: usize,
    table_limit: usize, //@ BL003
    memories: Vec<usize>,
    tables: Vec<u32>,
}

impl StoreOpaque {
    fn new() -> Self {
        StoreOpaque {
            instance_count: 0,
            instance_limit: DEFAULT_INSTANCE_LIMIT,
            memory_count: 0,
            memory_limit: DEFAULT_MEMORY_LIMIT,
            table_count: 0,
            table_limit: DEFAULT_TABLE_LIMIT,
            memories: Vec::new(),
            tables: Vec::new(),
        }
    }

    pub fn bump_resource_counts(&mut self, module: &Module) -> Result<()> { //@ BL004
        fn bump(slot: &mut usize, max: usize, amt: usize, desc: &str) -> Result<()> {
            let new = slot.saturating_add(amt);
            if new > max {
                bail!(
                    "resource limit exceeded: {} count too high at {}",
                    desc,
                    new
                );
            }
            *slot = new;
            Ok(())
        }

        let memories = module.num_defined_memories();
        let tables = module.num_defined_tables();

        bump(&mut self.instance_count, self.instance_limit, 1, "instance")?;
        bump(
            &mut self.memory_count,
            self.memory_limit,
            memories,
            "memory",
        )?;
        self.table_count += tables;

        Ok(())
    }

    /// Number of instances, memories and tables created in this store.
    pub fn resource_counts(&self) -> (usize, usize, usize) {
        (self.instance_count, self.memory_count, self.table_count)
    }
}

/// A store owning host data `T`, an optional limiter and all instances.
pub struct Store<T> {
    inner: StoreOpaque,
    data: T,
    limiter: Option<Box<dyn FnMut(&mut T) -> &mut (dyn ResourceLimiter) + Send + Sync>>,
}

/// An instantiated module: indices of its memories and tables in the store.
#[derive(Debug, Clone)]
pub struct Instance {
    pub memories: Vec<usize>,
    pub tables: Vec<usize>,
}

impl<T> Store<T> {
    pub fn new(data: T) -> Self {
        Store { inner: StoreOpaque::new(), data, limiter: None }
    }

    /// Configures the [`ResourceLimiter`] used to limit resource creation
    /// within this [`Store`].
    pub fn limiter(
        &mut self,
        mut limiter: impl FnMut(&mut T) -> &mut (dyn ResourceLimiter) + Send + Sync + 'static,
    ) {
        // Apply the limits on instances, tables, and memory given by the limiter:
        let (instance_limit, table_limit, memory_limit) = {
            let l = limiter(&mut self.data);
            (l.instances(), l.tables(), l.memories())
        };
        let innermost = &mut self.inner;
        innermost.instance_limit = instance_limit;
        innermost.table_limit = table_limit;
        innermost.memory_limit = memory_limit;

        // Save the limiter accessor function:
        self.limiter = Some(Box::new(limiter));
    }

    /// Instantiates `module`, allocating its defined memories and tables.
    pub fn instantiate(&mut self, module: &Module) -> Result<Instance> {
        self.inner.bump_resource_counts(module)?;

        let mut instance = Instance { memories: Vec::new(), tables: Vec::new() };
        for &initial in &module.memory_plans[module.num_imported_memories..] {
            instance.memories.push(self.inner.memories.len());
            self.inner.memories.push(initial);
        }
        for &initial in &module.table_plans[module.num_imported_tables..] {
            instance.tables.push(self.inner.tables.len());
            self.inner.tables.push(initial);
        }
        Ok(instance)
    }

    /// `memory.grow`: returns the previous size in pages, or `None` if denied.
    pub fn grow_memory(&mut self, index: usize, delta_pages: usize, maximum: Option<usize>) -> Result<Option<usize>> {
        let current = self.inner.memories[index];
        let desired = current + delta_pages;
        if let Some(limiter) = self.limiter.as_mut() {
            let allowed = limiter(&mut self.data)
                .memory_growing(current * 65536, desired * 65536, maximum.map(|m| m * 65536))
                .map_err(Error)?;
            if !allowed {
                return Ok(None);
            }
        }
        self.inner.memories[index] = desired;
        Ok(Some(current))
    }

    /// `table.grow`: returns the previous size, or `None` if denied.
    pub fn grow_table(&mut self, index: usize, delta: u32, maximum: Option<u32>) -> Result<Option<u32>> {
        let current = self.inner.tables[index];
        let desired = current.saturating_add(delta);
        if let Some(limiter) = self.limiter.as_mut() {
            let allowed = limiter(&mut self.data)
                .table_growing(current, desired, maximum)
                .map_err(Error)?;
            if !allowed {
                return Ok(None);
            }
        }
        self.inner.tables[index] = desired;
        Ok(Some(current))
    }

    pub fn data(&self) -> &T {
        &self.data
    }

    pub fn counts(&self) -> (usize, usize, usize) {
        self.inner.resource_counts()
    }
}
