//! Download manager: several worker threads pull chunks for queued files and
//! share one session-wide byte allowance.

pub mod limits;
pub mod session;

pub use limits::ByteCaps;
pub use session::{ChunkSource, DownloadSession, FileReport};
