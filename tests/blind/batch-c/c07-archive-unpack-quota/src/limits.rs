use std::env;

/// Quotas for one upload. Read from the environment of the worker so that
/// operators can tune them per deployment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtractLimits {
    pub max_entries: usize,
    pub max_unpacked_bytes: u64,
    pub max_path_len: usize,
}

impl Default for ExtractLimits {
    fn default() -> Self {
        Self { max_entries: 10_000, max_unpacked_bytes: 2 << 30, max_path_len: 255 }
    }
}

fn var<T: std::str::FromStr>(name: &str) -> Option<T> {
    env::var(name).ok()?.trim().parse().ok()
}

impl ExtractLimits {
    pub fn from_env() -> Self {
        let d = Self::default();
        Self {
            max_entries: var("PAK_MAX_ENTRIES").unwrap_or(d.max_entries),
            max_unpacked_bytes: var("PAK_MAX_UNPACKED_BYTES").unwrap_or(d.max_unpacked_bytes),
            max_path_len: var("PAK_MAX_PATH_LEN").unwrap_or(d.max_path_len),
        }
    }
}
