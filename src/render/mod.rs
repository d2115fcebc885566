//! Output formats. Each emitter turns a report into text.

pub mod human;
pub mod json;
pub mod map;
pub mod sarif;

use crate::facts::Span;
use crate::source::{LineColumn, SourceDb};

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
