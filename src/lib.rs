//! `cargo budget-lint`: finds budget-wiring bugs in Rust workspaces.
//!
//! The pipeline runs in one direction: discover → parse (syn, on worker
//! threads) → facts → model → lints → suggestions → inline suppressions and
//! fingerprints → the gate (levels, baseline) → render.

pub mod analysis;
pub mod baseline;
pub mod cli;
pub mod config;
pub mod diagnostic;
pub mod engine;
pub mod fingerprint;
pub mod fix;
pub mod gate;
pub mod input;
pub mod levels;
pub mod registry;
pub mod render;
pub mod suppress;

use std::path::PathBuf;

use analysis::model::Model;
use analysis::{facts, lints, suggest};
use diagnostic::{FileError, Finding};
use engine as pipeline;
use engine::workers;
use input::discover;
use input::source::SourceDb;
use registry::{Level, LintId};

/// Everything one run found, ready for any output format.
#[derive(Debug)]
pub struct Report {
    pub db: SourceDb,
    pub model: Model,
    /// Every finding in output order, suppressed ones included.
    pub findings: Vec<Finding>,
    pub errors: Vec<FileError>,
    pub warnings: Vec<String>,
    /// The directory displayed paths are relative to.
    pub root: PathBuf,
    /// The repository around the root (the root when there is none), which
    /// SARIF and GitHub paths are relative to.
    pub repo_root: PathBuf,
    pub baseline: Option<baseline::Outcome>,
    /// Lint levels from the configuration; command-line levels apply after.
    pub configured_levels: levels::LevelOverrides,
    /// Every file linted, including those the prefilter did not parse.
    pub files: usize,
    /// The analysis's memory still being freed on threads of their own;
    /// dropping the report waits for them.
    pub(crate) _freeing: workers::Aside,
}

impl Report {
    /// The findings that are reported: those not suppressed.
    pub fn active(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.suppressed.is_none())
    }

    /// Reported findings at `level`.
    pub fn count(&self, level: Level) -> usize {
        self.active().filter(|f| f.level == level).count()
    }
}

/// Lints the selected files. Errors here are usage or I/O errors that stop
/// the run before any file is linted.
pub fn analyze(
    selection: &discover::Selection,
    options: pipeline::Options,
) -> Result<Report, String> {
    analyze_lints(selection, options, &LintId::ALL)
}

/// [`analyze`] with the lints `ids` only: the prefilter serves their
/// demands alone.
pub(crate) fn analyze_lints(
    selection: &discover::Selection,
    options: pipeline::Options,
    ids: &[LintId],
) -> Result<Report, String> {
    let mut discovery = discover::discover(selection, options.threads)?;
    let config =
        config::Config::load(&discovery.root, &discovery.manifests).map_err(|e| e.to_string())?;
    for input in &mut discovery.inputs {
        let relative = discover::display_path(&discovery.root, &input.path);
        if config.is_test_path(&relative) {
            input.code = facts::CodeKind::Test;
        }
    }
    let mut parsed = pipeline::parse_all(&discovery, options, &config, &|model, tier| {
        lints::demand_of(ids, model, tier)
    });
    discovery.warnings.append(&mut parsed.warnings);
    let model = match parsed.model.take() {
        Some(model) => model,
        None => Model::build(&parsed.facts, &config),
    };
    let directives = suppress::take(&mut parsed.facts);
    let pipeline::Parsed {
        db,
        facts,
        errors,
        files,
        mut freeing,
        ..
    } = parsed;
    // Freed beside the lints and the output; waited for when the report
    // is dropped.
    freeing.free(facts);
    let mut findings = lints::run_only(ids, &model);
    suggest::attach(&model, &db, &mut findings);
    suppress::apply(&mut findings, &directives, &db);
    fingerprint::assign(&mut findings);
    let repo_root = discover::repository_root(&discovery.root);
    Ok(Report {
        db,
        model,
        findings,
        errors,
        warnings: discovery.warnings,
        root: discovery.root,
        repo_root,
        baseline: None,
        configured_levels: levels::LevelOverrides::from_codes(&config.lints),
        files,
        _freeing: freeing,
    })
}

#[cfg(test)]
mod demand_tests;
