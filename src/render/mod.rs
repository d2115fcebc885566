//! Output formats. Each emitter turns a report into text.

pub mod cargo_json;
pub mod diagram;
pub mod github;
pub mod human;
pub mod json;
pub mod map;
pub mod patch;
pub mod sarif;
pub mod short;
pub mod summary;
pub mod wiring;

use crate::Report;
use crate::analysis::facts::{FileId, Span};
use crate::input::source::{LineColumn, SourceDb};

/// A span as every format reports it: the displayed path and 1-based
/// start and end positions.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Location {
    pub file: String,
    pub start: LineColumn,
    pub end: LineColumn,
}

pub fn locate(db: &SourceDb, span: Span) -> Location {
    let file = db.get(span.file);
    Location {
        file: file.display.clone(),
        start: file.location(span.start),
        end: file.location(span.end),
    }
}

/// A file's path relative to the repository root with forward slashes, as
/// GitHub expects; absolute when the file lies outside the repository.
pub fn repo_path(report: &Report, file: FileId) -> String {
    crate::input::discover::display_path(&report.repo_root, &report.db.get(file).path)
}
