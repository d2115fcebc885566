//! Loads the discovered files: reads and scans them in parallel, parses
//! the ones the prefilter selects (all of them without it) on worker
//! threads with large stacks, follows `mod` declarations, and merges the
//! facts in a deterministic order that does not depend on the number of
//! threads or on which files the prefilter skipped.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::path::{Path, PathBuf};

use crate::analysis::facts::{CodeKind, FileFacts, ModDecl};
use crate::analysis::model::Model;
use crate::analysis::names::{Roles, Vocabulary};
use crate::analysis::syntax;
use crate::config::Config;
use crate::diagnostic::FileError;
use crate::engine::prefilter::{self, Digest, Known, Unparsed, Want};
use crate::engine::scan::{self, Scan, ScannedFn};
use crate::engine::workers;
use crate::input::discover::{Discovery, display_path};
use crate::input::source::{Fingerprint, SourceDb, SourceFile};

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

/// One file the loader knows of: discovered, or declared by a `mod`.
struct Slot {
    path: PathBuf,
    code: CodeKind,
    /// How many `mod` declarations lead to it from a discovered file.
    depth: usize,
    state: State,
}

enum State {
    Pending,
    Scanned {
        scan: Box<Scan>,
        /// The files its `mod name;` declarations may refer to.
        children: Vec<ScannedChild>,
        partial: Option<Partial>,
    },
    Parsed {
        text: Fingerprint,
        facts: usize,
    },
    /// With the files its declarations refer to, as its scan reads them
    /// (whether they are test code still depends on the declarations), and
    /// the facts of its items that parse alone.
    Unparsable(Fingerprint, syntax::ParseError, Vec<ScannedChild>, usize),
    Unreadable(String),
}

/// Byte ranges of a file's text.
type Ranges = Vec<(usize, usize)>;

/// Some items of a file, parsed alone: top-level structs and functions,
/// as indices into its scan's.
struct Partial {
    text: Fingerprint,
    facts: usize,
    structs: Vec<usize>,
    functions: Vec<usize>,
    /// The names whose every mention in a function is parsed.
    covered: Vec<String>,
}

/// What to parse of a file that is not parsed whole: the items wanted,
/// and the functions among `candidates` whose text mentions one of
/// `names`; with the items parsed before and their facts, to which a
/// parse of the new items alone adds where it can.
struct Items<'a> {
    scan: &'a Scan,
    /// The ranges that parse the `mod` declarations whose code the scan
    /// cannot tell, when it is wanted.
    declarations: Option<Ranges>,
    items: Vec<scan::Item>,
    candidates: Vec<(usize, &'a ScannedFn)>,
    names: &'a [String],
    done: Part,
    facts: Option<&'a FileFacts>,
}

/// Some items of a file as merged byte ranges: their own, and all that
/// parse them alone (with the blocks around them).
#[derive(Default)]
struct Part {
    own: Ranges,
    all: Ranges,
}

impl Part {
    fn of(scan: &Scan, items: &[scan::Item]) -> Part {
        Part {
            own: scan::merged(
                items
                    .iter()
                    .map(|item| (item.own.0 as usize, item.own.1 as usize))
                    .collect(),
            ),
            all: scan::merged(items.iter().flat_map(|&item| scan.ranges(item)).collect()),
        }
    }

    /// Whether the bytes `own` lie inside the own bytes of these items.
    fn holds(&self, (start, end): (u32, u32)) -> bool {
        let (start, end) = (start as usize, end as usize);
        let after = self.own.partition_point(|&(s, _)| s <= start);
        after > 0 && end <= self.own[after - 1].1
    }
}

enum Outcome {
    /// The scan, the files its `mod` declarations refer to, and the
    /// declarations whose files are missing.
    Scanned(Scan, Vec<ScannedChild>, Vec<(String, PathBuf)>),
    Parsed(Fingerprint, FileFacts),
    /// With the candidate functions parsed for their mentions, and the
    /// files its `mod` declarations refer to when the parse told their
    /// code.
    Partial(Fingerprint, FileFacts, Vec<usize>, Option<Declared>),
    /// Only what the parse told of its `mod` declarations.
    Declared(Declared),
    Unparsable(
        Fingerprint,
        syntax::ParseError,
        Vec<ScannedChild>,
        FileFacts,
    ),
    Unreadable(String),
}

struct Loader {
    workers: workers::Pool,
    config: Config,
    vocabulary: Vocabulary,
    /// The roles of the fields the models were built with so far.
    roles: Roles,
    slots: Vec<Slot>,
    index: HashMap<PathBuf, usize>,
    facts: Vec<FileFacts>,
    /// The slot each entry of `facts` belongs to.
    owners: Vec<usize>,
    /// Whether each entry of `facts` is marked as test code since it was
    /// last replaced.
    marked: Vec<bool>,
    /// The slots in the order of [`Loader::file_order`] while no slot was
    /// added or moved up since.
    order: Vec<usize>,
    /// The file number the spans of each entry of `facts` point to, if
    /// assigned since it was last replaced.
    numbered: Vec<Option<usize>>,
    /// The files each parsed file's `mod` declarations refer to.
    declared: HashMap<usize, Vec<(usize, CodeKind)>>,
    /// What any file mentions where it may name a field.
    fields: HashSet<u32>,
    /// The scans of the files that were scanned, then parsed, by number.
    parsed_scans: Vec<(usize, Scan)>,
    digest: Digest,
    root: PathBuf,
    warnings: Vec<String>,
}

pub fn parse_all(discovery: &Discovery, options: Options, config: &Config) -> Parsed {
    let mut loader = Loader {
        workers: workers::Pool::new(options.threads, WORKER_STACK),
        config: config.clone(),
        vocabulary: config.vocabulary(),
        roles: Roles::new(config.vocabulary()),
        slots: Vec::new(),
        index: HashMap::default(),
        facts: Vec::new(),
        owners: Vec::new(),
        marked: Vec::new(),
        numbered: Vec::new(),
        order: Vec::new(),
        declared: HashMap::default(),
        fields: HashSet::default(),
        parsed_scans: Vec::new(),
        digest: Digest::default(),
        root: discovery.root.clone(),
        warnings: Vec::new(),
    };
    for input in &discovery.inputs {
        loader.add(input.path.clone(), input.code, 0);
    }
    // The prefilter's model is rebuilt only when a round with the model of
    // an earlier one wants nothing more: what it wants then is wanted
    // anyway, and the last round always sees every parsed file. A model
    // that looked for the candidates' evidence is not kept: an older model
    // never looks for it, so its round would want nothing new.
    let mut model: Option<Model> = None;
    loop {
        let pending: Vec<usize> = loader.with_state(|s| matches!(s, State::Pending));
        if !options.prefilter {
            if pending.is_empty() {
                break;
            }
            let all = pending.into_iter().map(|id| (id, Want::Full)).collect();
            loader.parse(all);
            continue;
        }
        loader.scan(&pending);
        let fresh = model.is_none();
        // A model built before any file was parsed knows no field: the
        // next round builds one from what this round parses.
        let knows_nothing = fresh && loader.facts.is_empty();
        let chosen = loader.select(&mut model);
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
        loader.parse(chosen);
    }
    loader.workers.release();
    loader.finish(model)
}

impl Loader {
    fn add(&mut self, path: PathBuf, code: CodeKind, depth: usize) {
        if let Some(&id) = self.index.get(&path) {
            let slot = &mut self.slots[id];
            if depth < slot.depth {
                slot.depth = depth;
                self.order.clear();
            }
            return;
        }
        self.index.insert(path.clone(), self.slots.len());
        self.slots.push(Slot {
            path,
            code,
            depth,
            state: State::Pending,
        });
    }

    fn with_state(&self, wanted: impl Fn(&State) -> bool) -> Vec<usize> {
        (0..self.slots.len())
            .filter(|&i| wanted(&self.slots[i].state))
            .collect()
    }

    fn scan(&mut self, ids: &[usize]) {
        if ids.is_empty() {
            return;
        }
        let paths: Vec<&Path> = ids.iter().map(|&i| self.slots[i].path.as_path()).collect();
        let vocabulary = &self.vocabulary;
        let known = &self.index;
        let exists = |path: &Path| is_file(known, path);
        let outcomes = run_parallel(&self.workers, &paths, |path| {
            let text = match read(path) {
                Ok(text) => text,
                Err(message) => return Outcome::Unreadable(message),
            };
            let scan = scan::scan(&text, vocabulary);
            let (children, missing) = scanned_modules(path, &scan, &exists);
            Outcome::Scanned(scan, children, missing)
        });
        self.workers.on_each_thread(scan::free_kept_tokens);
        for (&id, outcome) in ids.iter().zip(outcomes) {
            self.slots[id].state = match outcome {
                Outcome::Scanned(scan, children, missing) => {
                    for (name, child) in missing {
                        self.warn_missing_module(id, &name, &child);
                    }
                    self.fields.extend(scan.fields.iter().copied());
                    State::Scanned {
                        scan: Box::new(scan),
                        children,
                        partial: None,
                    }
                }
                Outcome::Unreadable(message) => State::Unreadable(message),
                Outcome::Parsed(..)
                | Outcome::Partial(..)
                | Outcome::Declared(..)
                | Outcome::Unparsable(..) => continue,
            };
        }
        let scanned: Vec<(usize, &Scan)> = ids
            .iter()
            .filter_map(|&id| match &self.slots[id].state {
                State::Scanned { scan, .. } => Some((id, scan.as_ref())),
                _ => None,
            })
            .collect();
        self.digest.add_scans(&scanned, &self.workers);
    }

    /// What the prefilter wants parsed next, with `model` built from the
    /// facts of the parsed files unless an earlier round's is given.
    fn select(&mut self, model: &mut Option<Model>) -> Vec<(usize, Want)> {
        self.mark_test_code();
        let fresh = model.is_none();
        let order = if fresh {
            self.number_files()
        } else {
            Vec::new()
        };
        // The facts in the order the model numbered them.
        let facts: Vec<&FileFacts> = order.iter().map(|&i| &self.facts[i]).collect();
        if fresh {
            *model = Some(Model::build_untraced(&facts, &self.config, &mut self.roles));
        }
        let Some(model) = model.as_mut() else {
            return Vec::new();
        };
        let mut ids = Vec::new();
        let mut unparsed = Vec::new();
        let mut parsed: Vec<bool> = vec![false; self.slots.len()];
        for (id, slot) in self.slots.iter().enumerate() {
            match &slot.state {
                State::Scanned {
                    scan,
                    children,
                    partial,
                } => {
                    parsed[id] = partial.is_some();
                    ids.push(id);
                    unparsed.push(Unparsed {
                        slot: id,
                        scan,
                        children: children.iter().map(|c| (c.slot, c.code)).collect(),
                        extracted: partial.as_ref().map_or(&[], |p| p.structs.as_slice()),
                        extracted_functions: partial
                            .as_ref()
                            .map_or(&[], |p| p.functions.as_slice()),
                        covered: partial.as_ref().map_or(&[], |p| p.covered.as_slice()),
                    });
                }
                State::Parsed { .. } => parsed[id] = true,
                _ => {}
            }
        }
        let mut scans: Vec<Option<&Scan>> = vec![None; self.slots.len()];
        for u in &unparsed {
            scans[u.slot] = Some(u.scan);
        }
        for (id, scan) in &self.parsed_scans {
            scans[*id] = Some(scan);
        }
        let known = Known {
            facts: &self.facts,
            digest: &self.digest,
            fields: &self.fields,
            scans: &scans,
            parsed: &parsed,
            fresh,
            workers: &self.workers,
        };
        let trace_helpers = |model: &mut Model| model.trace_helpers(&facts);
        prefilter::select(&unparsed, &known, model, trace_helpers)
            .into_iter()
            .map(|(i, want)| (ids[i], want))
            .collect()
    }

    /// Parses files as a whole, or some of their items alone.
    fn parse(&mut self, work: Vec<(usize, Want)>) {
        let inputs: Vec<(&Path, CodeKind, Option<Items>)> = work
            .iter()
            .map(|(id, want)| {
                let slot = &self.slots[*id];
                let items = match (want, &slot.state) {
                    (
                        Want::Items {
                            structs,
                            functions,
                            mentions,
                            declarations,
                        },
                        State::Scanned { scan, partial, .. },
                    ) => {
                        let (done_structs, done_functions) = partial
                            .as_ref()
                            .map_or((&[][..], &[][..]), |p| (&p.structs[..], &p.functions[..]));
                        let items_of = |structs: &[usize], functions: &[usize]| {
                            let structs = structs.iter().filter_map(|&i| scan.structs.get(i)?.item);
                            let functions = functions
                                .iter()
                                .filter_map(|&i| scan.functions.get(i)?.item);
                            structs.chain(functions).collect::<Vec<scan::Item>>()
                        };
                        // The functions parsed already or wanted as helpers
                        // are no candidates for their mentions.
                        let chosen =
                            |i: &usize| functions.contains(i) || done_functions.contains(i);
                        let candidates = if mentions.is_empty() {
                            Vec::new()
                        } else {
                            scan.functions
                                .iter()
                                .enumerate()
                                .filter(|(i, f)| f.item.is_some() && !chosen(i))
                                .collect()
                        };
                        let done = items_of(done_structs, done_functions);
                        let items = items_of(structs, functions);
                        let declarations = declarations
                            .then(|| scan.undecided_declarations())
                            .flatten()
                            .map(|items| alone(scan, items));
                        Some(Items {
                            scan,
                            declarations,
                            items,
                            candidates,
                            names: mentions,
                            done: Part::of(scan, &done),
                            facts: partial.as_ref().map(|p| &self.facts[p.facts]),
                        })
                    }
                    _ => None,
                };
                (slot.path.as_path(), slot.code, items)
            })
            .collect();
        let vocabulary = &self.vocabulary;
        let known = &self.index;
        let exists = |path: &Path| is_file(known, path);
        let outcomes = run_parallel(&self.workers, &inputs, |(path, code, items)| {
            let text = match read(path) {
                Ok(text) => text,
                Err(message) => return Outcome::Unreadable(message),
            };
            // The file id is assigned when the facts are merged.
            // Items that do not parse alone are parsed with their file.
            if let Some(items) = items
                && let Some(outcome) = parse_items(path, &text, items, *code, &exists)
            {
                return outcome;
            }
            // The text is read again only if an output needs it.
            match syntax::extract(0, &text, *code) {
                Ok(facts) => Outcome::Parsed(Fingerprint::of(&text), facts),
                Err(error) => {
                    let scan = scan::scan(&text, vocabulary);
                    let (children, _) = scanned_modules(path, &scan, &exists);
                    let facts = items_alone(&text, &scan, *code);
                    Outcome::Unparsable(Fingerprint::of(&text), error, children, facts)
                }
            }
        });
        for ((id, want), outcome) in work.into_iter().zip(outcomes) {
            // Learning the code of its declarations changes nothing else.
            let outcome = match outcome {
                Outcome::Declared(declared) => {
                    self.learn_declarations(id, declared);
                    continue;
                }
                Outcome::Partial(text, facts, found, Some(declared)) => {
                    self.learn_declarations(id, declared);
                    Outcome::Partial(text, facts, found, None)
                }
                outcome => outcome,
            };
            let previous = std::mem::replace(&mut self.slots[id].state, State::Pending);
            let (scan, children, partial) = match previous {
                State::Scanned {
                    scan,
                    children,
                    partial,
                } => (Some(scan), children, partial),
                _ => (None, Vec::new(), None),
            };
            // A file parsed again replaces its partial facts.
            let index = match &partial {
                Some(p) => p.facts,
                None => {
                    self.facts.push(FileFacts::default());
                    self.owners.push(id);
                    self.facts.len() - 1
                }
            };
            if let Some(marked) = self.marked.get_mut(index) {
                *marked = false;
            }
            if let Some(numbered) = self.numbered.get_mut(index) {
                *numbered = None;
            }
            if let Some(scan) = &scan {
                self.digest
                    .remove_scanned(parsed_structs(scan, partial.as_ref(), &want, &outcome));
            }
            let state = match outcome {
                Outcome::Partial(text, facts, found, _) => {
                    self.digest.add(id, &facts);
                    self.facts[index] = facts;
                    let (mut structs, mut functions, mut covered) = partial
                        .map_or_else(Default::default, |p| (p.structs, p.functions, p.covered));
                    if let Want::Items {
                        structs: more,
                        functions: more_functions,
                        mentions,
                        ..
                    } = want
                    {
                        structs.extend(more);
                        functions.extend(more_functions);
                        functions.extend(found);
                        covered.extend(mentions);
                    }
                    State::Scanned {
                        scan: scan.unwrap_or_default(),
                        children,
                        partial: Some(Partial {
                            text,
                            facts: index,
                            structs,
                            functions,
                            covered,
                        }),
                    }
                }
                Outcome::Parsed(text, facts) => {
                    self.follow(id, &facts.mod_decls);
                    self.digest.add(id, &facts);
                    self.facts[index] = facts;
                    if let Some(mut scan) = scan {
                        scan.structs = Vec::new();
                        self.parsed_scans.push((id, *scan));
                    }
                    State::Parsed { text, facts: index }
                }
                Outcome::Unparsable(text, error, children, facts) => {
                    self.digest.add(id, &facts);
                    self.facts[index] = facts;
                    State::Unparsable(text, error, children, index)
                }
                Outcome::Unreadable(message) => {
                    self.facts[index] = FileFacts::default();
                    State::Unreadable(message)
                }
                Outcome::Scanned(..) | Outcome::Declared(..) => continue,
            };
            self.slots[id].state = state;
        }
    }

    /// Takes what a parse told of a scanned file's `mod` declarations: the
    /// files it gives replace those whose code the scan could not tell.
    fn learn_declarations(&mut self, id: usize, declared: Declared) {
        if let State::Scanned { children, .. } = &mut self.slots[id].state {
            children.retain(|child| child.code.is_some());
            children.extend(
                declared
                    .children
                    .into_iter()
                    .map(|(path, code)| ScannedChild {
                        path,
                        code: Some(code),
                        slot: None,
                    }),
            );
        }
        for (name, child) in declared.missing {
            self.warn_missing_module(id, &name, &child);
        }
    }

    /// Files that are scanned but not parsed declare missing modules too:
    /// the warning does not depend on the prefilter.
    fn warn_missing_module(&mut self, parent: usize, name: &str, child: &Path) {
        self.warnings.push(format!(
            "`{}` declares `mod {name};` but `{}` is not a readable file",
            display_path(&self.root, &self.slots[parent].path),
            display_path(&self.root, child)
        ));
    }

    /// Adds the files a parsed file's `mod` declarations refer to.
    fn follow(&mut self, parent: usize, decls: &[ModDecl]) {
        let (code, depth) = (self.slots[parent].code, self.slots[parent].depth);
        let known = &self.index;
        let exists = |path: &Path| is_file(known, path);
        let declared = Declared::new(&self.slots[parent].path, decls, &exists);
        for (name, child) in declared.missing {
            self.warn_missing_module(parent, &name, &child);
        }
        let mut children = Vec::new();
        for (child, decl_code) in declared.children {
            if !self.index.contains_key(&child) {
                let code = if code == CodeKind::Test {
                    CodeKind::Test
                } else {
                    decl_code
                };
                self.add(child.clone(), code, depth + 1);
            }
            if let Some(&id) = self.index.get(&child) {
                children.push((id, decl_code));
            }
        }
        self.declared.insert(parent, children);
    }

    /// A file declared by a test-only `mod` is test code, and so are the
    /// modules it declares in turn.
    fn test_files(&self) -> HashSet<usize> {
        let mut test: HashSet<usize> = HashSet::default();
        let mut pending: Vec<usize> = (0..self.slots.len())
            .flat_map(|id| self.declarations(id))
            .filter(|(_, code)| *code == CodeKind::Test)
            .map(|(child, _)| child)
            .collect();
        while let Some(id) = pending.pop() {
            if test.insert(id) {
                pending.extend(self.declarations(id).map(|(child, _)| child));
            }
        }
        test
    }

    /// The files the `mod` declarations of file `id` refer to, with the
    /// declaration's code: from its facts once parsed, otherwise from its
    /// scan (unparsable files included, with or without the prefilter)
    /// where the scan can tell the code; the prefilter parses a parent
    /// whose declaration of a parsed file it cannot tell.
    fn declarations(&self, id: usize) -> impl Iterator<Item = (usize, CodeKind)> + '_ {
        let slot = &self.slots[id];
        let (scanned, parsed) = match &slot.state {
            State::Scanned { children, .. } | State::Unparsable(_, _, children, _) => {
                (children.as_slice(), &[][..])
            }
            _ => (
                &[][..],
                self.declared.get(&id).map_or(&[][..], Vec::as_slice),
            ),
        };
        let scanned = scanned.iter().filter_map(|child| {
            let code = if slot.code == CodeKind::Test {
                CodeKind::Test
            } else {
                child.code?
            };
            Some((child.slot?, code))
        });
        scanned.chain(parsed.iter().copied())
    }

    /// Numbers the children of scanned files that the loader knows by now:
    /// their paths are looked up once.
    fn resolve_children(&mut self) {
        for slot in &mut self.slots {
            let children = match &mut slot.state {
                State::Scanned { children, .. } | State::Unparsable(_, _, children, _) => children,
                _ => continue,
            };
            for child in children.iter_mut().filter(|child| child.slot.is_none()) {
                child.slot = self.index.get(&child.path).copied();
            }
        }
    }

    /// Marks the facts of test files as test code and returns their slots.
    fn mark_test_code(&mut self) -> HashSet<usize> {
        self.resolve_children();
        let mut test = self.test_files();
        test.extend((0..self.slots.len()).filter(|&i| self.slots[i].code == CodeKind::Test));
        self.marked.resize(self.facts.len(), false);
        let files = self
            .facts
            .iter_mut()
            .zip(&self.owners)
            .zip(&mut self.marked);
        for ((facts, owner), marked) in files {
            if !*marked && test.contains(owner) {
                mark_test(facts);
                *marked = true;
            }
        }
        test
    }

    /// The slots in the order of the source database: by the depth of the
    /// `mod` declarations that led to them, then by path.
    fn file_order(&mut self) -> Vec<usize> {
        if self.order.len() != self.slots.len() {
            let mut order: Vec<usize> = (0..self.slots.len()).collect();
            order.sort_by(|&a, &b| {
                let (a, b) = (&self.slots[a], &self.slots[b]);
                (a.depth, &a.path).cmp(&(b.depth, &b.path))
            });
            self.order = order;
        }
        self.order.clone()
    }

    /// Numbers the files as [`Loader::finish`] will, points the spans of
    /// their facts at those numbers, and returns the indices of the facts in
    /// that order: a model built from them is the final model if nothing
    /// more is parsed.
    fn number_files(&mut self) -> Vec<usize> {
        let mut ordered = Vec::new();
        let mut file = 0;
        for id in self.file_order() {
            let facts = match &self.slots[id].state {
                State::Scanned {
                    partial: Some(partial),
                    ..
                } => Some(partial.facts),
                State::Parsed { facts, .. } | State::Unparsable(.., facts) => Some(*facts),
                _ => continue,
            };
            if let Some(index) = facts {
                self.numbered.resize(self.facts.len(), None);
                if self.numbered[index] != Some(file) {
                    self.facts[index].assign_file(file);
                    self.numbered[index] = Some(file);
                }
                ordered.push(index);
            }
            file += 1;
        }
        ordered
    }

    /// Orders the files as discovery found them, then by the depth of the
    /// `mod` declarations that led to them, and assigns file ids.
    fn finish(mut self, model: Option<Model>) -> Parsed {
        let test = self.mark_test_code();
        let order = self.file_order();
        let mut facts: Vec<Option<FileFacts>> = std::mem::take(&mut self.facts)
            .into_iter()
            .map(Some)
            .collect();
        let numbered = std::mem::take(&mut self.numbered);
        let mut facts_of = |index: usize, file: usize| {
            let mut file_facts = facts[index].take().unwrap_or_default();
            if numbered.get(index) != Some(&Some(file)) {
                file_facts.assign_file(file);
            }
            file_facts
        };
        // The scans of files never parsed are dropped with the loader.
        let mut unparsed = Vec::new();
        let mut parsed = Parsed {
            model,
            ..Parsed::default()
        };
        for id in order {
            let slot = &mut self.slots[id];
            if test.contains(&id) {
                slot.code = CodeKind::Test;
            }
            let display = || display_path(&self.root, &slot.path);
            let file = parsed.db.files.len();
            match std::mem::replace(&mut slot.state, State::Pending) {
                State::Pending => {}
                state @ State::Scanned { partial: None, .. } => {
                    unparsed.push(state);
                    parsed.files += 1;
                }
                State::Scanned {
                    partial:
                        Some(Partial {
                            text, facts: index, ..
                        }),
                    ..
                }
                | State::Parsed { text, facts: index } => {
                    parsed.facts.push(facts_of(index, file));
                    parsed.db.files.push(SourceFile::unloaded(
                        slot.path.clone(),
                        display(),
                        text,
                        slot.code,
                    ));
                    parsed.files += 1;
                }
                State::Unparsable(text, error, _, index) => {
                    let display = display();
                    parsed.db.files.push(SourceFile::unloaded(
                        slot.path.clone(),
                        display.clone(),
                        text,
                        slot.code,
                    ));
                    parsed.facts.push(facts_of(index, file));
                    parsed.errors.push(FileError {
                        display,
                        file: Some(file),
                        offset: error.offset,
                        message: error.message,
                    });
                    parsed.files += 1;
                }
                State::Unreadable(message) => parsed.errors.push(FileError {
                    display: display(),
                    file: None,
                    offset: 0,
                    message,
                }),
            }
        }
        parsed
            .errors
            .sort_by(|a, b| a.display.cmp(&b.display).then(a.offset.cmp(&b.offset)));
        self.warnings.sort();
        self.warnings.dedup();
        parsed.warnings = std::mem::take(&mut self.warnings);
        // The last model looked for the candidates, so it has traced the
        // helpers already; completing it keeps the analysis from depending
        // on that.
        if let Some(model) = &mut parsed.model {
            let facts: Vec<&FileFacts> = parsed.facts.iter().collect();
            model.complete(&facts);
        }
        parsed.freeing.free((self, unparsed));
        parsed
    }
}

/// Whether `path` is a file: those the loader knows (found by discovery
/// or by an earlier declaration) are, others are looked up.
fn is_file(known: &HashMap<PathBuf, usize>, path: &Path) -> bool {
    known.contains_key(path) || path.is_file()
}

/// The files a scan's `mod name;` declarations refer to that exist, with
/// the declaration's code where the scan can tell it, and the top-level
/// declarations whose files are missing; `exists` tells whether a file
/// exists.
fn scanned_modules(
    path: &Path,
    scan: &Scan,
    exists: &dyn Fn(&Path) -> bool,
) -> (Vec<ScannedChild>, Vec<(String, PathBuf)>) {
    let decls: Vec<ModDecl> = scan
        .mods
        .iter()
        .map(|m| ModDecl {
            name: m.name.clone(),
            path_attr: m.path.clone(),
            inline: m.inline.clone(),
            code: CodeKind::Production,
        })
        .collect();
    let (children, missing): (Vec<_>, Vec<_>) = module_files(path, &decls, exists)
        .into_iter()
        .map(|(child, _)| child)
        .zip(&scan.mods)
        .partition(|(child, _)| exists(child));
    // A `#[path]` attribute may point elsewhere, and a declaration inside
    // a function or a macro may be no declaration: the parse decides.
    let missing = if scan.path_attr {
        Vec::new()
    } else {
        missing
            .into_iter()
            .filter(|(_, m)| !m.nested)
            .map(|(child, m)| (m.name.clone(), child))
            .collect()
    };
    let code = |m: &scan::ScannedMod| {
        let test = scan.declares_test(m)?;
        Some(if test {
            CodeKind::Test
        } else {
            CodeKind::Production
        })
    };
    let children = children
        .into_iter()
        .map(|(path, m)| ScannedChild {
            path,
            code: code(m),
            slot: None,
        })
        .collect();
    (children, missing)
}

/// The structs of a scanned file that stop being unparsed with `outcome`:
/// those parsed alone, or every one not parsed before when the file is
/// parsed whole or fails to.
fn parsed_structs<'a>(
    scan: &'a Scan,
    partial: Option<&Partial>,
    want: &'a Want,
    outcome: &Outcome,
) -> Vec<&'a scan::ScannedStruct> {
    if let (Outcome::Partial(..), Want::Items { structs, .. }) = (outcome, want) {
        return structs
            .iter()
            .filter_map(|&i| scan.structs.get(i))
            .collect();
    }
    let before = partial.map_or(&[][..], |p| p.structs.as_slice());
    scan.structs
        .iter()
        .enumerate()
        .filter(|(i, _)| !before.contains(i))
        .map(|(_, s)| s)
        .collect()
}

/// A file a `mod name;` declaration refers to, with the declaration's code
/// where the scan can tell it.
struct ScannedChild {
    path: PathBuf,
    code: Option<CodeKind>,
    /// The file's slot, once the loader knows the file.
    slot: Option<usize>,
}

fn mark_test(facts: &mut FileFacts) {
    for s in &mut facts.structs {
        s.code = CodeKind::Test;
    }
    for a in &mut facts.accesses {
        a.code = CodeKind::Test;
    }
    for c in &mut facts.comparisons {
        c.code = CodeKind::Test;
    }
    for c in &mut facts.calls {
        c.code = CodeKind::Test;
    }
}

/// The candidates whose own text holds one of `names` as a word: every
/// function that mentions one, and some that only say it in a comment or
/// a literal.
fn mentioning(text: &str, candidates: &[(usize, &ScannedFn)], names: &[String]) -> Vec<usize> {
    let bytes = text.as_bytes();
    let word = |byte: Option<&u8>| byte.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
    let finders: Vec<memchr::memmem::Finder> = names
        .iter()
        .map(|name| memchr::memmem::Finder::new(name.as_bytes()))
        .collect();
    candidates
        .iter()
        .filter(|(_, function)| {
            let Some((start, end)) = function.own_range() else {
                return false;
            };
            let Some(own) = bytes.get(start..end) else {
                return false;
            };
            finders.iter().any(|finder| {
                finder.find_iter(own).any(|at| {
                    let after = at + finder.needle().len();
                    let joined = at > 0 && word(own.get(at - 1)) || word(own.get(after));
                    !joined
                })
            })
        })
        .map(|(i, _)| *i)
        .collect()
}

/// The byte ranges that parse `items` of a file alone: theirs, and the
/// file's inner attributes (`#![cfg(test)]`), which apply to every item.
fn alone(scan: &Scan, items: impl IntoIterator<Item = scan::Item>) -> Ranges {
    std::iter::once((0, scan.inner_attributes_end))
        .chain(items.into_iter().flat_map(|item| scan.ranges(item)))
        .collect()
}

/// The facts of a file's items parsed before (`facts`, of `done`) with
/// those of the items `more`, parsed alone with the file's inner
/// attributes `inner`, in the order one parse of both would give: `None`
/// unless the own ranges of the two lie apart, neither parse reads the
/// other's own ranges (the blocks around them may be shared), and every
/// fact falls in an own range.
fn added(
    text: &str,
    facts: &FileFacts,
    done: &Part,
    more: &Part,
    inner: (usize, usize),
    code: CodeKind,
) -> Option<FileFacts> {
    if overlap(&done.all, &more.own) || overlap(&more.all, &done.own) {
        return None;
    }
    // Each own range with its run: the maximal sequence of adjacent own
    // ranges of one part, whose facts one parse gives in a row.
    let mut parts: Vec<(usize, usize, bool)> = done
        .own
        .iter()
        .map(|&(start, end)| (start, end, false))
        .chain(more.own.iter().map(|&(start, end)| (start, end, true)))
        .collect();
    parts.sort_unstable();
    let mut runs: Vec<(usize, usize, usize)> = Vec::with_capacity(parts.len());
    let mut last: Option<(usize, bool)> = None;
    for (start, end, new) in parts {
        let apart = match runs.last() {
            Some(&(_, previous_end, _)) => start > previous_end,
            None => start >= inner.1,
        };
        if !apart {
            return None;
        }
        let run = match last {
            Some((run, side)) if side == new => run,
            Some((run, _)) => run + 1,
            None => 0,
        };
        last = Some((run, new));
        runs.push((start, end, run));
    }
    let ranges: Ranges = std::iter::once(inner)
        .chain(more.all.iter().copied())
        .collect();
    let more_facts = extract_excerpt(text, &ranges, code).ok()?;
    let position = |span: crate::analysis::facts::Span| {
        let after = runs.partition_point(|&(start, _, _)| start <= span.start);
        let &(_, end, run) = runs.get(after.checked_sub(1)?)?;
        (span.start < end).then_some(run)
    };
    facts.clone().merged_in_order(more_facts, position)
}

/// Whether a range of `a` overlaps one of `b`; both sorted and disjoint.
fn overlap(a: &[(usize, usize)], b: &[(usize, usize)]) -> bool {
    a.iter().any(|&(start, end)| {
        let after = b.partition_point(|&(other_start, _)| other_start < end);
        after > 0 && b[after - 1].1 > start
    })
}

/// Parses the items of a file that a round wants (see [`Items`]); `None`
/// when they do not parse alone, and the file is parsed whole instead.
fn parse_items(
    path: &Path,
    text: &str,
    items: &Items<'_>,
    code: CodeKind,
    exists: &dyn Fn(&Path) -> bool,
) -> Option<Outcome> {
    // The items around the declarations the scan cannot tell parse apart
    // from the others, and give only their declarations.
    let declared = match &items.declarations {
        Some(ranges) => {
            let facts = extract_excerpt(text, ranges, code).ok()?;
            Some(Declared::new(path, &facts.mod_decls, exists))
        }
        None => None,
    };
    if items.items.is_empty() && items.names.is_empty() {
        return declared.map(Outcome::Declared);
    }
    let found = mentioning(text, &items.candidates, items.names);
    let mut wanted = items.items.clone();
    wanted.extend(
        items
            .candidates
            .iter()
            .filter(|(i, _)| found.contains(i))
            .filter_map(|(_, function)| function.item),
    );
    // An item inside one parsed before (a struct in a macro call whose
    // other struct was wanted first) was parsed with it, and so were the
    // blocks around it: its facts are in hand.
    wanted.retain(|item| !items.done.holds(item.own));
    let facts = match items.facts {
        Some(facts) if wanted.is_empty() => facts.clone(),
        _ => {
            let more = Part::of(items.scan, &wanted);
            let inner = (0, items.scan.inner_attributes_end);
            match items
                .facts
                .and_then(|facts| added(text, facts, &items.done, &more, inner, code))
            {
                Some(facts) => facts,
                None => {
                    let all: Ranges = std::iter::once(inner)
                        .chain(items.done.all.iter().copied())
                        .chain(more.all)
                        .collect();
                    extract_excerpt(text, &all, code).ok()?
                }
            }
        }
    };
    Some(Outcome::Partial(
        Fingerprint::of(text),
        facts,
        found,
        declared,
    ))
}

/// What a parse tells of a file's `mod` declarations: the files they refer
/// to. For the items around the declarations whose code a scan cannot
/// tell, these take the place of the files the scan gave for them.
struct Declared {
    /// The files that exist, with the code of their declarations.
    children: Vec<(PathBuf, CodeKind)>,
    /// The names of the declarations whose files are missing, with those
    /// files.
    missing: Vec<(String, PathBuf)>,
}

impl Declared {
    /// Tells whether a file exists with `exists`.
    fn new(path: &Path, decls: &[ModDecl], exists: &dyn Fn(&Path) -> bool) -> Declared {
        let mut declared = Declared {
            children: Vec::new(),
            missing: Vec::new(),
        };
        for ((child, code), decl) in module_files(path, decls, exists).into_iter().zip(decls) {
            if exists(&child) {
                declared.children.push((child, code));
            } else {
                declared.missing.push((decl.name.clone(), child));
            }
        }
        declared
    }
}

/// The facts of some byte ranges of a file, parsed as an [`Excerpt`].
fn extract_excerpt(
    text: &str,
    ranges: &[(usize, usize)],
    code: CodeKind,
) -> Result<FileFacts, syntax::ParseError> {
    let excerpt = Excerpt::new(text, ranges);
    let mut facts = syntax::extract(0, &excerpt.text, code)?;
    facts.for_each_span(|span| {
        span.start = excerpt.offset_in_file(span.start);
        span.end = excerpt.offset_in_file(span.end);
    });
    Ok(facts)
}

/// The facts of a file that does not parse: those of each struct and
/// function the scan finds that parses alone, so that a syntax error
/// elsewhere loses no more than the prefilter, which parses items alone,
/// would keep.
fn items_alone(text: &str, scan: &Scan, code: CodeKind) -> FileFacts {
    let mut items: Vec<scan::Item> = scan
        .structs
        .iter()
        .filter_map(|s| s.item)
        .chain(scan.functions.iter().filter_map(|f| f.item))
        .collect();
    // An item inside another (a method inside the `impl` that a macro in
    // it made a top-level item) is parsed with that one, once.
    items.sort_unstable_by_key(|item| (item.own.0, std::cmp::Reverse(item.own.1)));
    let mut end = 0;
    items.retain(|item| {
        let outside = item.own.0 >= end;
        if outside {
            end = item.own.1;
        }
        outside
    });
    let mut facts = FileFacts::default();
    for item in items {
        if let Ok(more) = extract_excerpt(text, &alone(scan, [item]), code) {
            facts.append(more);
        }
    }
    facts
}

/// Some byte ranges of a file, each on a line of its own, parsed instead
/// of the file: the parser never reads the text between them.
struct Excerpt {
    text: String,
    /// Where each range starts in `text` and in the file, in order; the
    /// first is an empty range at 0, where spans without a place point.
    segments: Vec<(usize, usize)>,
}

impl Excerpt {
    fn new(file: &str, ranges: &[(usize, usize)]) -> Excerpt {
        let mut excerpt = Excerpt {
            text: String::from("\n"),
            segments: vec![(0, 0)],
        };
        for (start, end) in scan::merged(ranges.to_vec()) {
            // Ranges start and end at ASCII tokens.
            let Some(part) = file.get(start..end) else {
                continue;
            };
            excerpt.segments.push((excerpt.text.len(), start));
            excerpt.text.push_str(part);
            excerpt.text.push('\n');
        }
        excerpt
    }

    /// The offset in the file of the offset `at` in the excerpt.
    fn offset_in_file(&self, at: usize) -> usize {
        let after = self.segments.partition_point(|&(start, _)| start <= at);
        let (start, in_file) = self.segments[after.saturating_sub(1)];
        in_file + (at - start)
    }
}

fn read(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("cannot read file: {error}"))?;
    String::from_utf8(bytes).map_err(|error| {
        format!(
            "file is not valid UTF-8 (invalid byte at offset {})",
            error.utf8_error().valid_up_to()
        )
    })
}

/// Runs `work` on every item on worker threads with large stacks and
/// returns the outcomes in the order of `items`.
fn run_parallel<T: Sync>(
    workers: &workers::Pool,
    items: &[T],
    work: impl Fn(&T) -> Outcome + Sync,
) -> Vec<Outcome> {
    workers
        .map(items, work)
        .into_iter()
        .map(|outcome| {
            outcome.unwrap_or_else(|| {
                Outcome::Unreadable("no worker thread could process the file".to_string())
            })
        })
        .collect()
}

/// The files a module's `mod name;` declarations refer to.
fn module_files(
    path: &Path,
    decls: &[ModDecl],
    exists: &dyn Fn(&Path) -> bool,
) -> Vec<(PathBuf, CodeKind)> {
    let Some(dir) = path.parent() else {
        return Vec::new();
    };
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let owns_dir = matches!(stem, "mod" | "lib" | "main" | "build");
    let child_dir = if owns_dir {
        dir.to_path_buf()
    } else {
        dir.join(stem)
    };
    decls
        .iter()
        .map(|decl| {
            let file = match &decl.path_attr {
                Some(explicit) => dir.join(explicit),
                None => {
                    let dir: PathBuf = decl.inline.iter().fold(child_dir.clone(), |d, m| d.join(m));
                    let flat = dir.join(format!("{}.rs", decl.name));
                    if exists(&flat) {
                        flat
                    } else {
                        dir.join(&decl.name).join("mod.rs")
                    }
                }
            };
            (crate::input::discover::absolute(&file), decl.code)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_excerpt_maps_its_offsets_back_to_the_file() {
        let file =
            "use a;\nstruct S { max_a: u8 }\nconst C: u8 = 1;\nfn f(s: S) -> u8 { s.max_a }\n";
        let struct_at = file.find("struct").expect("struct");
        let fn_at = file.find("fn f").expect("fn");
        let ranges = [
            (fn_at, file.len() - 1),
            (struct_at, struct_at + 6),
            (struct_at + 6, struct_at + 22),
        ];
        let excerpt = Excerpt::new(file, &ranges);
        assert_eq!(
            excerpt.text,
            "\nstruct S { max_a: u8 }\nfn f(s: S) -> u8 { s.max_a }\n"
        );
        for word in ["struct", "max_a: u8 }", "fn f", "s.max_a }"] {
            let at = excerpt.text.find(word).expect("word");
            let in_file = excerpt.offset_in_file(at);
            assert_eq!(&file[in_file..in_file + word.len()], word);
            let end = excerpt.offset_in_file(at + word.len());
            assert_eq!(&file[in_file..end], word);
        }
        // Spans without a place point at 0 in both.
        assert_eq!(excerpt.offset_in_file(0), 0);
        let facts = crate::analysis::syntax::extract(0, &excerpt.text, CodeKind::Production)
            .expect("parses");
        assert_eq!(facts.structs.len(), 1);
    }

    #[test]
    fn a_file_that_does_not_parse_keeps_each_item_once() {
        let text = "impl X {\n    m! { fn f(s: S) { s.max_a; } }\n    fn g(s: S) -> bool { s.max_b > 1 }\n}\nfn h(s: S) { s.max_c; }\nconst BROKEN: u8 = ;\n";
        assert!(crate::analysis::syntax::extract(0, text, CodeKind::Production).is_err());
        let scan = scan::scan(text, &Vocabulary::default());
        let facts = items_alone(text, &scan, CodeKind::Production);
        // `g` is parsed with the `impl` around `f` (whose macro, in an
        // `impl`, gives no facts), not a second time alone.
        let mut fields: Vec<&str> = facts.accesses.iter().map(|a| &*a.place.field).collect();
        fields.sort_unstable();
        assert_eq!(fields, ["max_b", "max_c"]);
        let at = facts
            .accesses
            .iter()
            .find(|a| &*a.place.field == "max_c")
            .expect("max_c");
        assert_eq!(&text[at.span.start..at.span.end], "max_c");
    }

    #[test]
    fn items_parsed_later_are_added_in_the_order_of_one_parse() {
        let text = "impl Agent {\n    fn a(&self) -> bool { self.steps_used > self.max_steps }\n    fn b(&mut self) { self.steps_used += 1; }\n}\nfn c(s: &mut S) { s.max_steps = 2; }\nfn d(s: &S) -> bool { s.x == s.max_steps }\nfn outer() {\n    fn inner(s: &S) { s.x += 1; }\n    let y = 1;\n}\n";
        let scan = scan::scan(text, &Vocabulary::default());
        let item = |name: &str| {
            let at = text.find(&format!("fn {name}")).expect("defined");
            scan.functions
                .iter()
                .filter_map(|f| f.item)
                .filter(|item| item.own.0 as usize <= at && at < item.own.1 as usize)
                .min_by_key(|item| item.own.1 - item.own.0)
                .expect("parses alone")
        };
        let inner = (0, scan.inner_attributes_end);
        let parse = |items: &[scan::Item]| {
            let part = Part::of(&scan, items);
            let ranges: Ranges = std::iter::once(inner).chain(part.all).collect();
            extract_excerpt(text, &ranges, CodeKind::Production).expect("parses")
        };
        let debug = |facts: &FileFacts| format!("{facts:?}");
        // A method beside one parsed before, in the same `impl`, and a
        // function between two parsed before.
        for (before, after) in [
            (&["a", "c"][..], &["b", "d"][..]),
            (&["b", "d"], &["a", "c"]),
        ] {
            let done: Vec<scan::Item> = before.iter().map(|n| item(n)).collect();
            let more: Vec<scan::Item> = after.iter().map(|n| item(n)).collect();
            let both: Vec<scan::Item> = done.iter().chain(&more).copied().collect();
            let facts = parse(&done);
            let added = added(
                text,
                &facts,
                &Part::of(&scan, &done),
                &Part::of(&scan, &more),
                inner,
                CodeKind::Production,
            )
            .expect("apart");
            assert_eq!(
                debug(&added),
                debug(&parse(&both)),
                "{after:?} after {before:?}"
            );
        }
        // A function nested in one parsed before cannot be added to it;
        // it parses with the function around it, so that one holds it.
        let outer = [item("outer")];
        let facts = parse(&outer);
        let nested = Part::of(&scan, &[item("inner")]);
        let done = Part::of(&scan, &outer);
        assert!(added(text, &facts, &done, &nested, inner, CodeKind::Production).is_none());
        assert!(done.holds(item("inner").own));
        // Items beside it are not held.
        assert!(!done.holds(item("c").own));
        assert!(!Part::of(&scan, &[item("c")]).holds(item("outer").own));
    }

    #[test]
    fn functions_are_chosen_by_the_words_they_hold() {
        let text = "fn a(s: S) { s.max_ab; }\nfn b(s: S) { s.r#max_a; }\nfn c() { /* max_a */ }\nfn d(s: S) { s.amax_a; }\nfn e(s: S) { s.max_a }";
        let scan = scan::scan(text, &Vocabulary::default());
        let name = |f: &ScannedFn| f.own_range().map(|(start, _)| &text[start + 3..start + 4]);
        let candidates: Vec<(usize, &ScannedFn)> = scan.functions.iter().enumerate().collect();
        let names = |found: Vec<usize>| -> Vec<&str> {
            let mut names: Vec<&str> = found
                .iter()
                .filter_map(|&i| name(&scan.functions[i]))
                .collect();
            names.sort_unstable();
            names
        };
        let found = mentioning(text, &candidates, &["max_a".to_string()]);
        assert_eq!(names(found), ["b", "c", "e"]);
        let some: Vec<(usize, &ScannedFn)> = candidates
            .iter()
            .copied()
            .filter(|(_, f)| name(f) != Some("d"))
            .collect();
        let found = mentioning(text, &some, &["max_ab".to_string(), "amax_a".to_string()]);
        assert_eq!(names(found), ["a"]);
    }
}
