//! The loader: every file the analysis knows of, from discovery or a `mod`
//! declaration, as it moves from pending to scanned to parsed; and the
//! facts of the parsed files in a deterministic order.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::analysis::facts::{CodeKind, FileFacts, FileId, ModDecl};
use crate::analysis::lints::demand::{Demand, Tier};
use crate::analysis::model::Model;
use crate::analysis::names::{Roles, Vocabulary};
use crate::analysis::syntax;
use crate::config::Config;
use crate::diagnostic::FileError;
use crate::engine::prefilter::{self, Digest, Known, Unparsed, Want};
use crate::engine::scan::{self, Scan};
use crate::engine::workers;
use crate::input::discover::{Discovery, display_path};
use crate::input::modules::{Declared, module_files};
use crate::input::source::{Fingerprint, SourceFile};

use super::cache::{Cache, Request, content_hash};
use super::partial::{Items, ItemsParse, Part, Partial, alone, items_alone, parse_items};
use super::{FactsId, Parsed, SlotId};
use crate::analysis::model::Table;

/// One file the loader knows of: discovered, or declared by a `mod`.
pub(crate) struct Slot {
    path: PathBuf,
    code: CodeKind,
    /// How many `mod` declarations lead to it from a discovered file.
    depth: usize,
    state: State,
}

pub(crate) enum State {
    Pending,
    Scanned {
        scan: Box<Scan>,
        /// The files its `mod name;` declarations may refer to.
        children: Vec<ScannedChild>,
        partial: Option<Partial>,
    },
    Parsed {
        text: Fingerprint,
        facts: FactsId,
    },
    /// With the files its declarations refer to, as its scan reads them
    /// (whether they are test code still depends on the declarations), and
    /// the facts of its items that parse alone.
    Unparsable(Fingerprint, syntax::ParseError, Vec<ScannedChild>, FactsId),
    Unreadable(String),
    /// Never read: why, for a warning.
    Refused(String),
}

pub(crate) enum Outcome {
    /// The scan, the files its `mod` declarations refer to, and the
    /// declarations whose files are missing.
    Scanned(Scan, Vec<ScannedChild>, Vec<(String, PathBuf)>),
    Parsed(Fingerprint, FileFacts),
    /// With the candidate functions parsed for their mentions, the files
    /// its `mod` declarations refer to when the parse told their code, and
    /// the facts cache's key of the parses that gave the facts.
    Partial(Fingerprint, FileFacts, Vec<usize>, Option<Declared>, u128),
    /// Only what the parse told of its `mod` declarations.
    Declared(Declared),
    Unparsable(
        Fingerprint,
        syntax::ParseError,
        Vec<ScannedChild>,
        FileFacts,
    ),
    Unreadable(String),
    Refused(String),
}

pub(crate) struct Loader {
    workers: workers::Pool,
    config: Config,
    vocabulary: Vocabulary,
    /// The roles of the fields the models were built with so far.
    roles: Roles,
    slots: Table<SlotId, Slot>,
    index: HashMap<PathBuf, SlotId>,
    facts: Table<FactsId, FileFacts>,
    /// The slot each entry of `facts` belongs to.
    owners: Table<FactsId, SlotId>,
    /// Whether each entry of `facts` is marked as test code since it was
    /// last replaced.
    marked: Table<FactsId, bool>,
    /// The slots in the order of [`Loader::file_order`] while no slot was
    /// added or moved up since.
    order: Vec<SlotId>,
    /// The file number the spans of each entry of `facts` point to, if
    /// assigned since it was last replaced.
    numbered: Table<FactsId, Option<FileId>>,
    /// The files each parsed file's `mod` declarations refer to.
    declared: HashMap<SlotId, Vec<(SlotId, CodeKind)>>,
    /// What any file mentions where it may name a field.
    fields: HashSet<u32>,
    /// The scans of the files that were scanned, then parsed, by number.
    parsed_scans: Vec<(SlotId, Scan)>,
    digest: Digest,
    root: PathBuf,
    /// The directories, symlinks resolved, whose files may be read.
    roots: Vec<PathBuf>,
    warnings: Vec<String>,
    progress: super::progress::Progress,
    /// The facts cache, unless it is bypassed.
    cache: Option<Arc<Cache>>,
    /// With the cache: the content hash of each file read (`None` for one
    /// that could not be), and the paths `mod` declarations led the loader
    /// to look for that were no files: what a cached run's outcome depends
    /// on.
    contents: HashMap<SlotId, Option<u128>>,
    absent: Mutex<Vec<PathBuf>>,
}

impl Loader {
    /// A loader of the discovered files, reading them on `threads` threads.
    pub(crate) fn new(
        discovery: &Discovery,
        threads: usize,
        config: &Config,
        progress: super::progress::Progress,
        cache: Option<Arc<Cache>>,
    ) -> Loader {
        let mut loader = Loader {
            workers: workers::Pool::new(threads, super::WORKER_STACK),
            config: config.clone(),
            vocabulary: config.vocabulary(),
            roles: Roles::new(config.vocabulary()),
            slots: Table::default(),
            index: HashMap::default(),
            facts: Table::default(),
            owners: Table::default(),
            marked: Table::default(),
            numbered: Table::default(),
            order: Vec::new(),
            declared: HashMap::default(),
            fields: HashSet::default(),
            parsed_scans: Vec::new(),
            digest: Digest::default(),
            root: discovery.root.clone(),
            roots: discovery.roots.clone(),
            warnings: Vec::new(),
            progress,
            cache,
            contents: HashMap::default(),
            absent: Mutex::new(Vec::new()),
        };
        for input in &discovery.inputs {
            loader.add(input.path.clone(), input.code, 0);
        }
        loader
    }

    fn add(&mut self, path: PathBuf, code: CodeKind, depth: usize) {
        if let Some(&id) = self.index.get(&path) {
            let slot = &mut self.slots[id];
            if depth < slot.depth {
                slot.depth = depth;
                self.order.clear();
            }
            return;
        }
        self.progress.found(1);
        self.index.insert(path.clone(), self.slots.next_id());
        self.slots.push(Slot {
            path,
            code,
            depth,
            state: State::Pending,
        });
    }

    /// Whether no file has been parsed yet.
    pub(super) fn knows_no_facts(&self) -> bool {
        self.facts.is_empty()
    }

    /// Lets the worker threads go: nothing more is read or parsed.
    pub(super) fn release_workers(&mut self) {
        self.workers.release();
    }

    pub(super) fn with_state(&self, wanted: impl Fn(&State) -> bool) -> Vec<SlotId> {
        self.slots
            .ids()
            .filter(|&i| wanted(&self.slots[i].state))
            .collect()
    }

    pub(super) fn scan(&mut self, ids: &[SlotId]) {
        if ids.is_empty() {
            return;
        }
        let paths: Vec<&Path> = ids.iter().map(|&i| self.slots[i].path.as_path()).collect();
        let vocabulary = &self.vocabulary;
        let roots = self.roots.as_slice();
        let exists = |path: &Path| self.probe(path);
        let progress = &self.progress;
        let cache = self.cache.as_deref();
        let contents = Mutex::new(Vec::new());
        let outcomes = run_parallel(&self.workers, &paths, |path| {
            progress.file_read();
            let text = match admitted(path, roots) {
                Ok(text) => text,
                Err(refusal) => return refusal.into(),
            };
            let scan = match cache {
                Some(cache) => {
                    let content = content_hash(text.as_bytes());
                    if let Ok(mut contents) = contents.lock() {
                        contents.push((path.to_path_buf(), content));
                    }
                    let key = cache.key_of(content, Request::Scan);
                    cache.get(key).unwrap_or_else(|| {
                        let scan = scan::scan(&text, vocabulary);
                        cache.put(key, &scan);
                        scan
                    })
                }
                None => scan::scan(&text, vocabulary),
            };
            let (children, missing) = scanned_modules(path, &scan, &exists);
            Outcome::Scanned(scan, children, missing)
        });
        self.workers.on_each_thread(scan::free_kept_tokens);
        let contents = contents.into_inner().unwrap_or_default();
        drop(paths);
        self.note_contents(contents);
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
                Outcome::Refused(message) => State::Refused(message),
                Outcome::Parsed(..)
                | Outcome::Partial(..)
                | Outcome::Declared(..)
                | Outcome::Unparsable(..) => continue,
            };
        }
        let scanned: Vec<(SlotId, &Scan)> = ids
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
    pub(super) fn select(
        &mut self,
        model: &mut Option<Model>,
        demand: &dyn Fn(&Model, Tier) -> Demand,
    ) -> Vec<(SlotId, Want)> {
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
            let built = super::timings::time("decide: model builds", || {
                Model::build_untraced(&facts, &self.config, &mut self.roles)
            });
            *model = Some(built);
        }
        let Some(model) = model.as_mut() else {
            return Vec::new();
        };
        let mut ids = Vec::new();
        let mut unparsed = Vec::new();
        let mut parsed: Table<SlotId, bool> = self.slots.iter().map(|_| false).collect();
        for (id, slot) in self.slots.enumerate() {
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
        let mut scans: Table<SlotId, Option<&Scan>> = self.slots.iter().map(|_| None).collect();
        for u in &unparsed {
            scans[u.slot] = Some(u.scan);
        }
        for (id, scan) in &self.parsed_scans {
            scans[*id] = Some(scan);
        }
        let known = Known {
            facts: self.facts.as_slice(),
            digest: &self.digest,
            fields: &self.fields,
            scans: &scans,
            parsed: &parsed,
            fresh,
            workers: &self.workers,
        };
        let trace_helpers = |model: &mut Model| {
            super::timings::time("decide: trace helpers", || model.trace_helpers(&facts));
        };
        prefilter::select(&unparsed, &known, model, trace_helpers, demand)
            .into_iter()
            .map(|(i, want)| (ids[i], want))
            .collect()
    }

    /// Parses files as a whole, or some of their items alone.
    pub(super) fn parse(&mut self, work: Vec<(SlotId, Want)>) {
        let inputs: Vec<ParseInput> = work
            .iter()
            .map(|(id, want)| {
                let slot = &self.slots[*id];
                let (want_key, before) = match (want, &slot.state) {
                    (Want::Full, _) => (String::new(), 0),
                    (want, State::Scanned { partial, .. }) => {
                        (format!("{want:?}"), partial.as_ref().map_or(0, |p| p.key))
                    }
                    (want, _) => (format!("{want:?}"), 0),
                };
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
                        let candidates = if mentions.is_empty() {
                            Vec::new()
                        } else {
                            let chosen: HashSet<usize> =
                                functions.iter().chain(done_functions).copied().collect();
                            let chosen = |i: &usize| chosen.contains(i);
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
                ParseInput {
                    path: slot.path.as_path(),
                    code: slot.code,
                    items,
                    want_key,
                    before,
                }
            })
            .collect();
        let vocabulary = &self.vocabulary;
        let roots = self.roots.as_slice();
        let exists = |path: &Path| self.probe(path);
        let progress = &self.progress;
        let cache = self.cache.as_deref();
        let contents = Mutex::new(Vec::new());
        let outcomes = run_parallel(&self.workers, &inputs, |input| {
            let (path, code) = (input.path, &input.code);
            progress.file_parsed();
            let text = match admitted(path, roots) {
                Ok(text) => text,
                Err(refusal) => return refusal.into(),
            };
            let key = cache.map_or(0, |cache| {
                let content = content_hash(text.as_bytes());
                if let Ok(mut contents) = contents.lock() {
                    contents.push((path.to_path_buf(), content));
                }
                cache.key_of(
                    content,
                    Request::Parse {
                        test: code.is_test(),
                        want: &input.want_key,
                        before: input.before,
                    },
                )
            });
            let cached = cache.and_then(|cache| cache.get::<Parse>(key));
            let parse = cached.unwrap_or_else(|| {
                let parse = parse_text(&text, input.items.as_ref(), *code, vocabulary);
                if let Some(cache) = cache {
                    cache.put(key, &parse);
                }
                parse
            });
            // The text is read again only if an output needs it.
            let fingerprint = Fingerprint::of(&text);
            match parse {
                Parse::Items(parse) => parse.outcome(path, fingerprint, &exists, key),
                Parse::Whole(facts) => Outcome::Parsed(fingerprint, facts),
                Parse::Unparsable(offset, message, too_deep, facts) => {
                    let scan = scan::scan(&text, vocabulary);
                    let (children, _) = scanned_modules(path, &scan, &exists);
                    let error = syntax::ParseError {
                        offset,
                        message,
                        too_deep,
                    };
                    Outcome::Unparsable(fingerprint, error, children, facts)
                }
            }
        });
        drop(inputs);
        let contents = contents.into_inner().unwrap_or_default();
        self.note_contents(contents);
        for ((id, want), outcome) in work.into_iter().zip(outcomes) {
            // Learning the code of its declarations changes nothing else.
            let outcome = match outcome {
                Outcome::Declared(declared) => {
                    self.learn_declarations(id, declared);
                    continue;
                }
                Outcome::Partial(text, facts, found, Some(declared), key) => {
                    self.learn_declarations(id, declared);
                    Outcome::Partial(text, facts, found, None, key)
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
                    self.owners.push(id);
                    self.facts.push(FileFacts::default())
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
                Outcome::Partial(text, facts, found, _, key) => {
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
                            key,
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
                Outcome::Refused(message) => {
                    self.facts[index] = FileFacts::default();
                    State::Refused(message)
                }
                Outcome::Scanned(..) | Outcome::Declared(..) => continue,
            };
            self.slots[id].state = state;
        }
    }

    /// Takes what a parse told of a scanned file's `mod` declarations: the
    /// files it gives replace those whose code the scan could not tell.
    fn learn_declarations(&mut self, id: SlotId, declared: Declared) {
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

    /// The files known so far (before any round: the discovered ones),
    /// with their code.
    pub(super) fn input_paths(&self) -> Vec<(PathBuf, CodeKind)> {
        self.slots
            .iter()
            .map(|s| (s.path.clone(), s.code))
            .collect()
    }

    /// The content hashes of the files known so far, read on the workers.
    pub(super) fn input_contents(&self) -> Vec<Option<u128>> {
        let paths: Vec<&Path> = self.slots.iter().map(|s| s.path.as_path()).collect();
        self.read_contents(&paths)
    }

    /// The content hashes of `paths`, `None` for a file that cannot be read
    /// or is refused: a FIFO or a file a symlink leads out to is never read.
    pub(super) fn read_contents(&self, paths: &[&Path]) -> Vec<Option<u128>> {
        let roots = self.roots.as_slice();
        self.workers
            .map(paths, |path| {
                admitted(path, roots)
                    .ok()
                    .map(|t| content_hash(t.as_bytes()))
            })
            .into_iter()
            .map(Option::flatten)
            .collect()
    }

    /// Whether `path` is a file, as the loader decides when it follows a
    /// `mod` declaration.
    pub(super) fn exists(&self, path: &Path) -> bool {
        is_file(&self.index, path)
    }

    /// [`Loader::exists`], remembering with the cache the paths that are
    /// no files: one created since would change the run.
    fn probe(&self, path: &Path) -> bool {
        let exists = self.exists(path);
        if !exists && self.cache.is_some() {
            self.absent
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(path.to_path_buf());
        }
        exists
    }

    /// Records the content hashes the workers read, by file.
    fn note_contents(&mut self, contents: Vec<(PathBuf, u128)>) {
        for (path, content) in contents {
            if let Some(&id) = self.index.get(&path) {
                self.contents.insert(id, Some(content));
            }
        }
    }

    /// What a cached run's outcome depends on besides the options: every
    /// file read with its content hash (`None` for a file that could not
    /// be read), and the paths looked for that were no files.
    pub(super) fn dependencies(&self) -> (Vec<(PathBuf, Option<u128>)>, Vec<PathBuf>) {
        let files = self
            .slots
            .enumerate()
            .map(|(id, slot)| (slot.path.clone(), self.contents.get(&id).copied().flatten()))
            .collect();
        let mut absent = self
            .absent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        absent.sort();
        absent.dedup();
        (files, absent)
    }

    /// Files that are scanned but not parsed declare missing modules too:
    /// the warning does not depend on the prefilter.
    fn warn_missing_module(&mut self, parent: SlotId, name: &str, child: &Path) {
        self.warnings.push(format!(
            "`{}` declares `mod {name};` but `{}` is not a readable file",
            display_path(&self.root, &self.slots[parent].path),
            display_path(&self.root, child)
        ));
    }

    /// Adds the files a parsed file's `mod` declarations refer to.
    fn follow(&mut self, parent: SlotId, decls: &[ModDecl]) {
        let (code, depth) = (self.slots[parent].code, self.slots[parent].depth);
        let exists = |path: &Path| self.probe(path);
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
    fn test_files(&self) -> HashSet<SlotId> {
        let mut test: HashSet<SlotId> = HashSet::default();
        let mut pending: Vec<SlotId> = (self.slots.ids())
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
    fn declarations(&self, id: SlotId) -> impl Iterator<Item = (SlotId, CodeKind)> + '_ {
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
    fn mark_test_code(&mut self) -> HashSet<SlotId> {
        self.resolve_children();
        let mut test = self.test_files();
        test.extend(
            self.slots
                .ids()
                .filter(|&i| self.slots[i].code == CodeKind::Test),
        );
        self.marked.resize(self.facts.len(), false);
        let files = self
            .facts
            .iter_mut()
            .zip(&self.owners)
            .zip(&mut self.marked);
        for ((facts, owner), marked) in files {
            if !*marked && test.contains(owner) {
                facts.mark_test();
                *marked = true;
            }
        }
        test
    }

    /// The slots in the order of the source database: by the depth of the
    /// `mod` declarations that led to them, then by path.
    fn file_order(&mut self) -> Vec<SlotId> {
        if self.order.len() != self.slots.len() {
            let mut order: Vec<SlotId> = self.slots.ids().collect();
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
    fn number_files(&mut self) -> Vec<FactsId> {
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
                let file = FileId::new(file);
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
    pub(super) fn finish(mut self, model: Option<Model>) -> Parsed {
        let test = self.mark_test_code();
        let order = self.file_order();
        let mut facts: Table<FactsId, Option<FileFacts>> = std::mem::take(&mut self.facts)
            .into_iter()
            .map(Some)
            .collect();
        let numbered = std::mem::take(&mut self.numbered);
        let mut facts_of = |index: FactsId, file: FileId| {
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
            let file = parsed.db.next_id();
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
                State::Refused(message) => self
                    .warnings
                    .push(format!("skipped {}: {message}", display())),
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
            super::timings::time("model complete", || model.complete(&facts));
        }
        parsed.freeing.free((self, unparsed));
        parsed
    }
}

/// Whether `path` is a file: those the loader knows (found by discovery
/// or by an earlier declaration) are, others are looked up.
fn is_file(known: &HashMap<PathBuf, SlotId>, path: &Path) -> bool {
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
    let before: HashSet<usize> = partial
        .map_or(&[][..], |p| p.structs.as_slice())
        .iter()
        .copied()
        .collect();
    scan.structs
        .iter()
        .enumerate()
        .filter(|(i, _)| !before.contains(i))
        .map(|(_, s)| s)
        .collect()
}

/// A file a `mod name;` declaration refers to, with the declaration's code
/// where the scan can tell it.
pub(crate) struct ScannedChild {
    path: PathBuf,
    code: Option<CodeKind>,
    /// The file's slot, once the loader knows the file.
    slot: Option<SlotId>,
}

/// A file to parse, with what it is parsed for.
struct ParseInput<'a> {
    path: &'a Path,
    code: CodeKind,
    /// The items wanted, or `None` for the whole file.
    items: Option<Items<'a>>,
    /// What the facts cache keys the parse by besides the text: the
    /// request, and the key of the file's parses before this one.
    want_key: String,
    before: u128,
}

/// What parsing a file's text gives, before the file system is asked
/// which files its `mod` declarations name: what the facts cache keeps.
#[derive(serde::Serialize, serde::Deserialize)]
enum Parse {
    Items(ItemsParse),
    Whole(FileFacts),
    /// A file that does not parse: where and why, whether it nests too
    /// deep, with the facts of its items that parse alone.
    Unparsable(usize, String, bool, FileFacts),
}

/// Parses the wanted items of a file, or the whole file when none are
/// wanted or they do not parse alone.
fn parse_text(
    text: &str,
    items: Option<&Items<'_>>,
    code: CodeKind,
    vocabulary: &Vocabulary,
) -> Parse {
    if let Some(parse) = items.and_then(|items| parse_items(text, items, code)) {
        return Parse::Items(parse);
    }
    match syntax::extract(text, code) {
        Ok(facts) => Parse::Whole(facts),
        Err(error) => {
            let scan = scan::scan(text, vocabulary);
            let deepest = error.too_deep.then_some(error.offset);
            let facts = items_alone(text, &scan, code, deepest);
            Parse::Unparsable(error.offset, error.message, error.too_deep, facts)
        }
    }
}

/// The text of a file under one of `roots` (with every symlink resolved)
/// that is a regular file; a file elsewhere, or anything else, is refused
/// before it is opened, so that nothing outside the workspace is ever read
/// or quoted.
enum Refusal {
    Unreadable(String),
    Refused(String),
}

impl From<Refusal> for Outcome {
    fn from(refusal: Refusal) -> Outcome {
        match refusal {
            Refusal::Unreadable(message) => Outcome::Unreadable(message),
            Refusal::Refused(message) => Outcome::Refused(message),
        }
    }
}

fn admitted(path: &Path, roots: &[PathBuf]) -> Result<String, Refusal> {
    let unreadable =
        |error: std::io::Error| Refusal::Unreadable(format!("cannot read file: {error}"));
    let real = std::fs::canonicalize(path).map_err(unreadable)?;
    // A file outside the roots that a `#[path]` names directly is compiled
    // by cargo too; one a symlink leads out to is not the tree's own.
    let inside = roots.iter().any(|root| real.starts_with(root));
    if !inside && real != crate::input::discover::absolute(path) {
        return Err(Refusal::Refused(
            "it is a symlink, or in a symlinked directory, that leads outside the workspace, so it was not read".to_string(),
        ));
    }
    let metadata = std::fs::metadata(&real).map_err(unreadable)?;
    if !metadata.is_file() {
        return Err(Refusal::Refused(
            "it is not a regular file, so it was not read".to_string(),
        ));
    }
    read_text(&real).map_err(Refusal::Unreadable)
}

fn read_text(path: &Path) -> Result<String, String> {
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
