//! Host side of a plugin runtime: manifest limits, the per-call plugin state,
//! and the host functions plugins call into.

pub mod current_plugin;
pub mod pdk;

pub use current_plugin::{calculate_available_memory, CurrentPlugin, MemoryLimiter, ResourceLimiter};

pub type Error = String;

/// Configure memory settings
#[derive(Default, Clone, Debug, PartialEq, Eq)]
pub struct MemoryOptions {
    /// The max number of WebAssembly pages that should be allocated
    pub max_pages: Option<u32>,
    /// The maximum number of bytes allowed in an HTTP response
    pub max_http_response_bytes: Option<u64>,
    /// The maximum number of bytes allowed to be used by plugin vars. Setting this to 0
    pub max_var_bytes: Option<u64>,
}

/// The `Manifest` type is used to configure the runtime and specify how to load modules.
#[derive(Default, Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    pub memory: MemoryOptions,
    /// Specifies which hosts may be accessed via HTTP, if this is empty then
    pub allowed_hosts: Option<Vec<String>>,
    /// The plugin timeout in milliseconds
    pub timeout_ms: Option<u64>,
}

/// Host function argument/return values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Val {
    I32(i32),
    I64(i64),
}

impl Val {
    pub fn i64(&self) -> Option<i64> {
        match self {
            Val::I64(x) => Some(*x),
            _ => None,
        }
    }
}

/// Handle to a block of plugin memory
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryHandle {
    pub offset: u64,
    pub length: u64,
}
