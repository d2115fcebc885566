//! `cargo budget-lint`: finds budget-wiring bugs in Rust workspaces.
//!
//! The pipeline runs in one direction: discover → parse (syn, on worker
//! threads) → facts → model → lints → suggestions → render.

pub mod cli;
pub mod config;
pub mod discover;
pub mod facts;
pub mod fix;
pub mod lints;
pub mod model;
pub mod names;
pub mod pipeline;
pub mod render;
pub mod source;
pub mod suggest;
pub(crate) mod syntax;

use lints::{Finding, Level};
use model::Model;
use pipeline::FileError;
use source::SourceDb;

/// Everything one run found, ready for any output format.
#[derive(Debug)]
pub struct Report {
    /// The directory paths are shown relative to.
    pub root: std::path::PathBuf,
    pub db: SourceDb,
    pub model: Model,
    pub findings: Vec<Finding>,
    pub errors: Vec<FileError>,
    pub warnings: Vec<String>,
}

impl Report {
    pub fn count(&self, level: Level) -> usize {
        self.findings.iter().filter(|f| f.level == level).count()
    }
}

/// Lints the selected files. Errors here are usage or I/O errors that stop
/// the run before any file is linted.
pub fn analyze(selection: &discover::Selection, threads: usize) -> Result<Report, String> {
    let mut discovery = discover::discover(selection)?;
    let config =
        config::Config::load(&discovery.root, &discovery.manifests).map_err(|e| e.to_string())?;
    for input in &mut discovery.inputs {
        let relative = discover::display_path(&discovery.root, &input.path);
        if config.is_test_path(&relative) {
            input.code = facts::CodeKind::Test;
        }
    }
    let parsed = pipeline::parse_all(&discovery, threads);
    let model = Model::build(&parsed.facts, &config);
    let pipeline::Parsed { db, facts, errors } = parsed;
    drop(facts);
    let mut findings = lints::run_all(&model);
    lints::apply_levels(&mut findings, &config.lints);
    suggest::attach(&model, &db, &mut findings);
    Ok(Report {
        root: discovery.root,
        db,
        model,
        findings,
        errors,
        warnings: discovery.warnings,
    })
}
