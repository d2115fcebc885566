//! Archive extraction that won't ruin your day: path jail, size and count
//! limits, and a reader that stops entries lying about their size.

pub mod archive;
pub mod extractor;

pub use extractor::{ExtractionMode, Extractor, Progress, Report, SymlinkPolicy};

use std::fmt;

/// Resource limits applied while extracting one archive.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Maximum total bytes written across all entries.
    pub max_total_bytes: u64,
    /// Maximum number of files extracted.
    pub max_file_count: usize,
    /// Maximum size of a single extracted file.
    pub max_single_file: u64,
    /// Maximum directory depth of an entry path.
    pub max_path_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_total_bytes: 1024 * 1024 * 1024, // 1 GB
            max_file_count: 10_000,
            max_single_file: 100 * 1024 * 1024, // 100 MB
            max_path_depth: 50,
        }
    }
}

#[derive(Debug)]
pub enum Error {
    PathEscape { entry: String, detail: String },
    SymlinkNotAllowed { entry: String },
    TotalSizeExceeded { limit: u64, would_be: u64 },
    FileCountExceeded { limit: usize, attempted: usize },
    FileTooLarge { entry: String, limit: u64, size: u64 },
    SizeMismatch { entry: String, declared: u64, actual: u64 },
    PathTooDeep { entry: String, depth: usize, limit: usize },
    InvalidFilename { entry: String, reason: String },
    AlreadyExists { entry: String },
    Io(std::io::Error),
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::TotalSizeExceeded { limit, would_be } => {
                write!(f, "archive exceeds total size limit of {limit} bytes (would be {would_be})")
            }
            Error::FileCountExceeded { limit, attempted } => {
                write!(f, "archive exceeds file count limit of {limit} (attempted {attempted})")
            }
            other => write!(f, "{other:?}"),
        }
    }
}
