use std::env;

/// Byte caps for a download session.
///
/// `session_cap` bounds everything the session fetches (metered links);
/// `per_file_cap` bounds a single file so one huge asset cannot eat it all.
#[derive(Debug, Clone, Copy)]
pub struct ByteCaps {
    pub session_cap: u64,
    pub per_file_cap: Option<u64>,
}

impl ByteCaps {
    /// Reads `DL_SESSION_CAP` and `DL_FILE_CAP` (bytes), with defaults.
    pub fn from_env() -> Self {
        let read = |key: &str| env::var(key).ok().and_then(|v| v.trim().parse::<u64>().ok());
        ByteCaps {
            session_cap: read("DL_SESSION_CAP").unwrap_or(2 << 30),
            per_file_cap: read("DL_FILE_CAP"),
        }
    }
}
