//! `cargo budget-lint`: finds budget-wiring bugs in Rust workspaces.
//!
//! [ARCHITECTURE.md](https://github.com/budget-lint/cargo-budget-lint/blob/main/ARCHITECTURE.md)
//! describes the stages and the module trees. In short: discovery finds the
//! files (`input`); the engine reads and scans them all, then parses, in
//! rounds, what the lints' demands ask for (`engine`); syntax becomes
//! plain facts, facts a model, the model findings and suggestions
//! (`analysis`); inline suppressions, fingerprints, the baseline and the
//! levels decide what is reported (the gate); a renderer prints it.
//!
//! The library's interface is [`analyze`] with its [`Report`], and [`cli`],
//! which the binary runs.

mod analysis;
mod atomic;
mod baseline;
pub mod cli;
mod config;
mod diagnostic;
mod engine;
mod fingerprint;
pub mod fix;
mod gate;
mod input;
mod levels;
mod manual;
pub mod registry;
mod render;
mod suppress;

use std::path::PathBuf;

use analysis::model::Model;
use analysis::{facts, lints, suggest};
use engine as pipeline;
use engine::workers;
use input::discover;
use input::source::SourceDb;
use registry::{Level, LintId};

pub use analysis::facts::{FileId, Span};
pub use config::ConfigError;
pub use diagnostic::{FileError, Finding};
pub use engine::Options;
pub use engine::cache::Caching;
pub use engine::progress::ProgressMode;
pub use fingerprint::line_hashes;
pub use input::discover::Selection;
pub use input::source::SourceFile;

/// Why a run stopped before any file was linted.
#[derive(Debug)]
pub enum AnalyzeError {
    /// The selection names no workspace, package or path that can be read.
    Selection(String),
    /// A configuration file or table is invalid.
    Configuration(ConfigError),
}

impl std::fmt::Display for AnalyzeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalyzeError::Selection(message) => f.write_str(message),
            AnalyzeError::Configuration(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for AnalyzeError {}

/// Everything one run found, ready for any output format.
#[derive(Debug)]
pub struct Report {
    pub db: SourceDb,
    pub(crate) model: Model,
    /// Every finding in output order, suppressed ones included.
    pub findings: Vec<Finding>,
    pub errors: Vec<FileError>,
    pub(crate) warnings: Vec<String>,
    /// The directory displayed paths are relative to.
    pub(crate) root: PathBuf,
    /// The repository around the root (the root when there is none), which
    /// SARIF and GitHub paths are relative to.
    pub(crate) repo_root: PathBuf,
    pub(crate) baseline: Option<baseline::Outcome>,
    /// Lint levels from the configuration; command-line levels apply after.
    pub(crate) configured_levels: levels::LevelOverrides,
    /// Lint levels from packages' tables, by package directory: they apply
    /// after `configured_levels` to the findings in the package's files.
    pub(crate) package_levels: Vec<(PathBuf, levels::LevelOverrides)>,
    /// Every file linted, including those the prefilter did not parse.
    pub(crate) files: usize,
    /// The configuration files and manifests the settings came from.
    pub(crate) config_sources: Vec<PathBuf>,
    /// The selected packages, for cargo's messages.
    pub(crate) packages: Vec<discover::Package>,
}

impl Report {
    /// The findings that are reported: those not suppressed.
    pub fn active(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| f.suppressed.is_none() && f.level != Level::Allow)
    }

    /// Reported findings at `level`.
    pub fn count(&self, level: Level) -> usize {
        self.active().filter(|f| f.level == level).count()
    }
}

/// Lints the selected files. Errors here are usage or I/O errors that stop
/// the run before any file is linted.
pub fn analyze(selection: &Selection, options: Options) -> Result<Report, AnalyzeError> {
    // The memory still being freed is waited for here.
    analyze_lints(selection, options, &LintId::ALL).map(|(report, _freeing)| report)
}

/// [`analyze`] with the lints `ids` only (the prefilter serves their
/// demands alone), and the analysis's memory still being freed on threads
/// of their own: dropping it waits for them.
pub(crate) fn analyze_lints(
    selection: &Selection,
    options: Options,
    ids: &[LintId],
) -> Result<(Report, workers::Aside), AnalyzeError> {
    let mut discovery = engine::timings::time("discover", || {
        discover::discover(selection, options.threads)
    })
    .map_err(AnalyzeError::Selection)?;
    let config = config::Config::load(&discovery.root, &discovery.manifests)
        .map_err(AnalyzeError::Configuration)?;
    for input in &mut discovery.inputs {
        let relative = discover::display_path(&discovery.root, &input.path);
        if config.is_test_path(&relative) {
            input.code = facts::CodeKind::Test;
        }
    }
    let lints_run = format!("{ids:?}");
    let mut parsed =
        pipeline::parse_all(&discovery, &options, &config, &lints_run, &|model, tier| {
            lints::demand_of(ids, model, tier)
        });
    discovery.warnings.append(&mut parsed.warnings);
    let mut model = match parsed.model.take() {
        Some(model) => model,
        None => engine::timings::time("model build", || Model::build(&parsed.facts, &config)),
    };
    model.application = discovery
        .inputs
        .iter()
        .any(|input| input.code == facts::CodeKind::Production && is_binary(&input.path));
    let directives = suppress::take(&mut parsed.facts);
    let pipeline::Parsed {
        db,
        facts,
        errors,
        files,
        mut freeing,
        saving,
        ..
    } = parsed;
    // Freed beside the lints and the output.
    freeing.free(facts);
    let mut findings = engine::timings::time("lints", || lints::run_only(ids, &model));
    engine::timings::time("suggestions", || {
        suggest::attach(&model, &db, &mut findings)
    });
    suppress::apply(&mut findings, &directives, &db);
    fingerprint::assign(&mut findings);
    if let Some(saving) = saving {
        match saving.join() {
            Ok(Ok(())) => {}
            Ok(Err(problem)) => discovery.warnings.push(problem),
            Err(_) => discovery
                .warnings
                .push("the facts cache could not be written".to_string()),
        }
    }
    let configured_levels = levels::LevelOverrides::from_codes(&config.lints);
    let package_levels: Vec<(PathBuf, levels::LevelOverrides)> = config
        .package_lints
        .iter()
        .map(|(dir, lints)| (dir.clone(), levels::LevelOverrides::from_codes(lints)))
        .collect();
    let settings = levels::ByPackage::new(
        &configured_levels,
        &package_levels,
        &levels::LevelOverrides::default(),
    );
    for finding in &mut findings {
        let path = &db.get(finding.primary.file).path;
        finding.level = settings.for_path(path).level(finding.lint);
    }
    let repo_root = discover::repository_root(&discovery.root);
    let report = Report {
        db,
        model,
        findings,
        errors,
        warnings: discovery.warnings,
        root: discovery.root,
        repo_root,
        baseline: None,
        configured_levels,
        package_levels,
        files,
        config_sources: config.sources.clone(),
        packages: discovery.packages,
    };
    Ok((report, freeing))
}

#[cfg(test)]
mod demand_tests;
#[cfg(test)]
mod glue_tests;

/// Whether a file is a binary's: `main.rs`, or under `src/bin/`.
fn is_binary(path: &std::path::Path) -> bool {
    path.file_name().is_some_and(|name| name == "main.rs")
        || path
            .components()
            .collect::<Vec<_>>()
            .windows(2)
            .any(|pair| pair[0].as_os_str() == "src" && pair[1].as_os_str() == "bin")
}
