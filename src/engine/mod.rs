//! The performance machinery: what to read, scan and parse, on which
//! threads. It may skip work; it never changes a finding.
//!
//! Loads the discovered files: reads and scans them in parallel, parses
//! the ones the prefilter selects (all of them without it) on worker
//! threads with large stacks, follows `mod` declarations, and merges the
//! facts in a deterministic order that does not depend on the number of
//! threads or on which files the prefilter skipped.

pub mod cache;
mod loader;
mod memo;
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
#[derive(Debug, Clone)]
pub struct Options {
    pub threads: usize,
    /// Parse only the files that can matter to a finding.
    pub prefilter: bool,
    /// Whether a progress line shows on stderr.
    pub progress: progress::ProgressMode,
    /// Where the facts cache is kept, if anywhere.
    pub cache: cache::Caching,
}

impl Default for Options {
    /// The machine's cores, the prefilter on, no progress line.
    fn default() -> Options {
        Options {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            prefilter: true,
            progress: progress::ProgressMode::Off,
            cache: cache::Caching::Off,
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
    /// The facts cache being written, if any.
    pub(crate) saving: Option<Saving>,
}

/// The directory of the facts cache, if the run keeps one.
fn cache_directory(caching: &cache::Caching, discovery: &Discovery) -> Option<std::path::PathBuf> {
    match caching {
        cache::Caching::Off => None,
        cache::Caching::In(dir) => Some(dir.clone()),
        cache::Caching::TargetDirectory => {
            let target = discovery.target_directory.clone().unwrap_or_else(|| {
                std::env::var_os("CARGO_TARGET_DIR")
                    .filter(|dir| !dir.is_empty())
                    .map_or_else(|| discovery.root.join("target"), std::path::PathBuf::from)
            });
            Some(target.join("budget-lint"))
        }
    }
}

/// What of the configuration and of the lints run (`lints`, a description
/// of them) changes the facts and the files parsed: the facts cache's
/// entries are kept apart by it. The test paths are not here: they change
/// the code of a file, part of its keys.
fn cache_salt(config: &Config, lints: &str) -> String {
    let Config {
        counter_words,
        countdown_words,
        limit_words,
        pairs,
        ..
    } = config;
    format!("{counter_words:?}\n{countdown_words:?}\n{limit_words:?}\n{pairs:?}\n{lints}")
}

/// Loads the discovered files, parsing what `demand` (the demand of the
/// lints `lints` describes, [`crate::analysis::lints::demand`]) asks for
/// when the prefilter is on, every file when it is off.
pub fn parse_all(
    discovery: &Discovery,
    options: &Options,
    config: &Config,
    lints: &str,
    demand: &dyn Fn(&Model, Tier) -> Demand,
) -> Parsed {
    let progress = progress::Progress::new(options.progress);
    let mut problems = Vec::new();
    let cache = cache_directory(&options.cache, discovery).map(|dir| {
        timings::time("cache: read", || {
            let (cache, problem) = cache::Cache::open(&dir, &cache_salt(config, lints));
            problems.extend(problem);
            std::sync::Arc::new(cache)
        })
    });
    let mut loader = Loader::new(
        discovery,
        options.threads,
        config,
        progress.clone(),
        cache.clone(),
    );
    // A run over the same files with the same contents and options gives
    // what the run that wrote the cache gave.
    let run = cache.as_ref().map(|cache| {
        timings::time("cache: the run's key", || {
            let contents = loader.input_contents();
            let key = run_key(cache, options, &loader.input_paths(), &contents);
            (key, contents)
        })
    });
    if let (Some(cache), Some((key, contents))) = (&cache, &run) {
        let known = timings::time("cache: the run's files", || {
            cache
                .get::<memo::Memo>(*key)
                .filter(|memo| memo.holds(&loader.input_paths(), contents, &loader))
        });
        if let Some(memo) = known {
            loader.release_workers();
            progress.finish();
            let mut parsed = memo.into_parsed(save(cache));
            parsed.warnings.extend(problems);
            return parsed;
        }
    }
    // The prefilter's model is rebuilt only when a round with the model of
    // an earlier one wants nothing more: what it wants then is wanted
    // anyway, and the last round always sees every parsed file. A model
    // that looked for the candidates' evidence is not kept: an older model
    // never looks for it, so its round would want nothing new.
    let mut model: Option<Model> = None;
    let stats = Stats::from_env();
    // The pairing tier's demand of the model kept across rounds: the model
    // does not change while it is kept (only a fresh one has its helpers
    // traced, and then it is not kept).
    let pairing: std::cell::RefCell<Option<Demand>> = std::cell::RefCell::new(None);
    let counted = |model: &Model, tier: Tier| {
        if tier == Tier::Pairing
            && let Some(wanted) = pairing.borrow().as_ref()
        {
            return wanted.clone();
        }
        let wanted = demand(model, tier);
        if let Some(stats) = &stats {
            stats.demand(model, tier, &wanted);
        }
        if tier == Tier::Pairing {
            *pairing.borrow_mut() = Some(wanted.clone());
        }
        wanted
    };
    let mut round = 0;
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
        if fresh {
            pairing.take();
        }
        // A model built before any file was parsed knows no field: the
        // next round builds one from what this round parses.
        let knows_nothing = fresh && loader.knows_no_facts();
        let started = std::time::Instant::now();
        let chosen = timings::time("decide (select)", || loader.select(&mut model, &counted));
        if let Some(stats) = &stats {
            round += 1;
            stats.round(round, fresh, &chosen, started.elapsed());
        }
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
        let started = std::time::Instant::now();
        timings::time("read and parse", || loader.parse(chosen));
        if stats.is_some() {
            eprintln!("budget-lint: stats: parsed in {:?}", started.elapsed());
        }
    }
    loader.release_workers();
    progress.finish();
    let dependencies = cache.as_ref().map(|_| loader.dependencies());
    let mut parsed = timings::time("loader finish", || loader.finish(model));
    if let (Some(cache), Some((key, _)), Some((files, missing))) = (&cache, run, dependencies) {
        timings::time("cache: the run's outcome", || {
            cache.put(key, &memo::MemoRef::new(&parsed, &files, &missing));
        });
        parsed.saving = save(cache);
    }
    parsed.warnings.extend(problems);
    parsed
}

/// Writes the cache on a thread of its own, beside the lints. A cache
/// that cannot be written only makes the next run cold: the thread gives
/// the warning.
fn save(cache: &std::sync::Arc<cache::Cache>) -> Option<Saving> {
    let cache = std::sync::Arc::clone(cache);
    std::thread::Builder::new()
        .name("budget-lint-cache".to_string())
        .spawn(move || timings::time("cache: write", || cache.save()))
        .ok()
}

/// The thread writing the facts cache, if the run writes it.
pub(crate) type Saving = std::thread::JoinHandle<Result<(), String>>;

/// The key of a run's outcome: the options that change it, and every
/// discovered file with its code and content (`None`: unreadable).
fn run_key(
    cache: &cache::Cache,
    options: &Options,
    paths: &[(std::path::PathBuf, crate::analysis::facts::CodeKind)],
    contents: &[Option<u128>],
) -> u128 {
    let mut run = Vec::with_capacity(paths.len() * 64);
    run.push(u8::from(options.prefilter));
    for ((path, code), content) in paths.iter().zip(contents) {
        run.extend_from_slice(path.as_os_str().as_encoded_bytes());
        run.push(0);
        run.push(u8::from(code.is_test()));
        match content {
            Some(content) => {
                run.push(1);
                run.extend_from_slice(&content.to_le_bytes());
            }
            None => run.push(0),
        }
    }
    cache.key_of(0, cache::Request::Run(&run))
}

/// What `BUDGET_LINT_STATS` prints to stderr for each round of the
/// prefilter: the size of the demand, the files chosen (whole, or by
/// items), and the time to decide and to parse them; with
/// `BUDGET_LINT_STATS=2`, also the names whose mentions made the most files
/// parsed. It helps find which demand makes a run parse too much.
struct Stats {
    names: bool,
}

impl Stats {
    fn from_env() -> Option<Stats> {
        let value = std::env::var_os("BUDGET_LINT_STATS")?;
        if value.is_empty() || value == "0" {
            return None;
        }
        Some(Stats {
            names: value == "2",
        })
    }

    fn demand(&self, model: &Model, tier: Tier, wanted: &Demand) {
        eprintln!(
            "budget-lint: stats: {tier:?} demand of a model of {} fields: every {}, certain {}, own {}, amounts {} names",
            model.fields.len(),
            wanted.every.len(),
            wanted.certain.len(),
            wanted.own.len(),
            wanted.amounts.len(),
        );
    }

    fn round(
        &self,
        round: usize,
        fresh: bool,
        chosen: &[(SlotId, Want)],
        took: std::time::Duration,
    ) {
        let whole = chosen.iter().filter(|(_, w)| *w == Want::Full).count();
        let (mut structs, mut functions, mut mentioning) = (0, 0, 0);
        let mut by_name: std::collections::BTreeMap<&str, usize> = Default::default();
        for (_, want) in chosen {
            if let Want::Items {
                structs: s,
                functions: f,
                mentions,
                ..
            } = want
            {
                structs += s.len();
                functions += f.len();
                mentioning += usize::from(!mentions.is_empty());
                for name in mentions {
                    *by_name.entry(name).or_default() += 1;
                }
            }
        }
        let model = if fresh {
            "a new model"
        } else {
            "the same model"
        };
        eprintln!(
            "budget-lint: stats: round {round}, {model}: {} files chosen in {took:?}: {whole} whole, {} by items ({structs} structs, {functions} helpers, {mentioning} files for mentions)",
            chosen.len(),
            chosen.len() - whole,
        );
        if self.names && !by_name.is_empty() {
            let mut by_name: Vec<(&str, usize)> = by_name.into_iter().collect();
            by_name.sort_by_key(|&(name, files)| (std::cmp::Reverse(files), name));
            by_name.truncate(20);
            let names: Vec<String> = by_name.iter().map(|(n, f)| format!("{n} {f}")).collect();
            eprintln!(
                "budget-lint: stats:   files by name mentioned: {}",
                names.join(", ")
            );
        }
    }
}
