//! `cargo budget-lint`: finds budget-wiring bugs in Rust workspaces.
//!
//! The pipeline runs in one direction: discover → parse (syn, on worker
//! threads) → facts → model → lints → suggestions → render.

pub mod cli;
pub mod discover;
pub mod facts;
pub mod lints;
pub mod model;
pub mod names;
pub mod pipeline;
pub mod prefilter;
pub mod render;
pub mod scan;
pub mod source;
pub mod suggest;
mod syntax;

use lints::{Finding, Level};
use model::Model;
use pipeline::FileError;
use source::SourceDb;

/// Everything one run found, ready for any output format.
#[derive(Debug)]
pub struct Report {
    pub db: SourceDb,
    pub model: Model,
    pub findings: Vec<Finding>,
    pub errors: Vec<FileError>,
    pub warnings: Vec<String>,
    /// Every file linted, including those the prefilter did not parse.
    pub files: usize,
}

impl Report {
    pub fn count(&self, level: Level) -> usize {
        self.findings.iter().filter(|f| f.level == level).count()
    }
}

/// Lints the selected files. Errors here are usage or I/O errors that stop
/// the run before any file is linted.
pub fn analyze(
    selection: &discover::Selection,
    options: pipeline::Options,
) -> Result<Report, String> {
    let mut discovery = discover::discover(selection)?;
    let mut parsed = pipeline::parse_all(&discovery, options);
    discovery.warnings.append(&mut parsed.warnings);
    let model = Model::build(&parsed.facts);
    drop(parsed.facts);
    let findings = lints::run_all(&model);
    Ok(Report {
        db: parsed.db,
        model,
        findings,
        errors: parsed.errors,
        warnings: discovery.warnings,
        files: parsed.files,
    })
}
