//! The performance machinery: what to read, scan and parse, on which
//! threads. It may skip work; it never changes a finding.
//!
//! Loads the discovered files: reads and scans them in parallel, parses
//! the ones the prefilter selects (all of them without it) on worker
//! threads with large stacks, follows `mod` declarations, and merges the
//! facts in a deterministic order that does not depend on the number of
//! threads or on which files the prefilter skipped.

mod loader;
mod partial;
pub mod prefilter;
pub mod progress;
pub mod scan;
pub mod timings;
pub mod workers;

use crate::analysis::facts::FileFacts;
use crate::analysis::lints::demand::{Demand, Tier};
use crate::analysis::model::Model;
use crate::config::Config;
use crate::diagnostic::FileError;
use crate::input::discover::Discovery;
use crate::input::source::SourceDb;

use loader::{Loader, State};

crate::analysis::model::id!(
    /// A file the loader knows of, discovered or declared by a `mod`: an
    /// index into its slots.
    SlotId
);
crate::analysis::model::id!(
    /// The facts of a parsed file, or of the items of a file parsed alone:
    /// an index into the loader's facts.
    FactsId
);
use prefilter::Want;

/// syn recurses on nested expressions, and so do visiting and dropping the
/// tree: a 200,000-term `a + a + …` chain needs several hundred MiB in a
/// debug build. The stack is only reserved; pages are touched as used.
const WORKER_STACK: usize = 1024 * 1024 * 1024;

/// How the loader works.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub threads: usize,
    /// Parse only the files that can matter to a finding.
    pub prefilter: bool,
    /// Whether a progress line shows on stderr.
    pub progress: progress::ProgressMode,
}

impl Default for Options {
    /// The machine's cores, the prefilter on, no progress line.
    fn default() -> Options {
        Options {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            prefilter: true,
            progress: progress::ProgressMode::Off,
        }
    }
}

#[derive(Debug, Default)]
pub struct Parsed {
    /// The files that were parsed, or failed to parse.
    pub db: SourceDb,
    /// Facts per file, indexed like `db.files`.
    pub facts: Vec<FileFacts>,
    pub errors: Vec<FileError>,
    /// Every readable file, parsed or skipped by the prefilter.
    pub files: usize,
    pub warnings: Vec<String>,
    /// The model of `facts`, when the prefilter built it last.
    pub model: Option<Model>,
    /// What the loader no longer needs, being freed.
    pub(crate) freeing: workers::Aside,
}

/// Loads the discovered files, parsing what `demand` (the lints' demand,
/// [`crate::analysis::lints::demand`]) asks for when the prefilter is on,
/// every file when it is off.
pub fn parse_all(
    discovery: &Discovery,
    options: Options,
    config: &Config,
    demand: &dyn Fn(&Model, Tier) -> Demand,
) -> Parsed {
    let progress = progress::Progress::new(options.progress);
    let mut loader = Loader::new(discovery, options.threads, config, progress.clone());
    // The prefilter's model is rebuilt only when a round with the model of
    // an earlier one wants nothing more: what it wants then is wanted
    // anyway, and the last round always sees every parsed file. A model
    // that looked for the candidates' evidence is not kept: an older model
    // never looks for it, so its round would want nothing new.
    let mut model: Option<Model> = None;
    loop {
        let pending: Vec<SlotId> = loader.with_state(|s| matches!(s, State::Pending));
        progress.round();
        if !options.prefilter {
            if pending.is_empty() {
                break;
            }
            let all = pending.into_iter().map(|id| (id, Want::Full)).collect();
            timings::time("read and parse", || loader.parse(all));
            continue;
        }
        timings::count("rounds", 1);
        timings::time("read and scan", || loader.scan(&pending));
        let fresh = model.is_none();
        // A model built before any file was parsed knows no field: the
        // next round builds one from what this round parses.
        let knows_nothing = fresh && loader.knows_no_facts();
        let chosen = timings::time("decide (select)", || loader.select(&mut model, demand));
        if chosen.is_empty() {
            if fresh {
                break;
            }
            model = None;
            continue;
        }
        if knows_nothing || model.as_ref().is_some_and(Model::helpers_traced) {
            model = None;
        }
        timings::count("files chosen", chosen.len() as u64);
        if timings::enabled() {
            let whole = chosen.iter().filter(|(_, w)| *w == Want::Full).count();
            timings::count("files chosen whole", whole as u64);
        }
        timings::time("read and parse", || loader.parse(chosen));
    }
    loader.release_workers();
    progress.finish();
    timings::time("loader finish", || loader.finish(model))
}
