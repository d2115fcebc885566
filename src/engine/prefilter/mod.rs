//! Decides which files must be parsed, and how much of each, from the
//! lexical scans of all files and the facts of the files parsed so far.
//! The loader asks again after every round of parsing until nothing new
//! is wanted, so what it skips could not change any finding.
//!
//! A file is parsed as a whole when
//! - its scan is uncertain, or a `#[path]` attribute may redirect one of
//!   its `mod` declarations, or it may declare a module file discovery did
//!   not find, or it may hold `// budget-lint:` directives (each covers
//!   the item it precedes, or is reported unused);
//! - it mentions a function through which the amount of the parallel
//!   tracker of a counter that is checked but never spent flows (BL001's
//!   suggestion spends it there);
//! - it mentions one of the names below outside every function that
//!   parses alone (in a constant, a static);
//! - it may declare the module of a parsed file, and its scan cannot tell
//!   whether the declaration is test code (which makes that file test
//!   code), nor find the items around such declarations that parse alone:
//!   where it can, only those items are parsed, for their declarations.
//!
//! Otherwise the functions that mention, in a position that may name a
//! field, one of these names are parsed (each with what it needs to parse
//! alone, [`crate::engine::scan::Item`]):
//! - a limit (whose every read and check counts, or, for a limit that
//!   bounds no counter, every read until one is known);
//! - a counter, or a field beside a limit that nothing reads in a struct
//!   BL003 does not exempt (BL003 shows its reads), where a resolution to
//!   it can be certain: the file also names a type that reaches the owner
//!   through field types, or the name is declared by that struct alone;
//! - once the rules above want nothing more, a counter that is checked but
//!   never spent (BL001 shows its uncertain spends and test writes).
//!
//! A struct is parsed alone when it may hold a budget field
//! ([`crate::analysis::names::possible_budget_fields`]) that is mentioned anywhere,
//! or a limit beside a field that some file may read for certain; when a
//! relevant receiver's type may name it; or when its fields' names are
//! declared by fewer than two parsed structs, which decides whether a name
//! alone resolves.
//!
//! A function is parsed alone when it defines a helper that code calls
//! with budget fields (not the fields beside them), or that such a helper
//! passes its parameters on to, and it takes parameters other than `self`,
//! unless the parsed definitions of that name already disagree on the
//! number of parameters (then no call of it is traced); where the scans
//! show definitions of another arity, one of those is parsed first to
//! settle it.
//!
//! Syntax errors in files that are not parsed whole go unreported. A
//! file that does not parse keeps the facts of its structs and functions
//! that parse alone, with or without the prefilter, so a struct or
//! function the prefilter parses alone gives the same facts either way
//! (items that do not parse alone are parsed with their file);
//! `--no-prefilter` parses every file. Whenever the model or the syntax
//! facts learn a new way to reach a field (helper functions, return types),
//! the rules here must learn it too: `tests/robustness.rs` compares the
//! output with and without the prefilter on every fixture.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::collections::hash_map::Entry;
use std::sync::{Arc, Mutex, PoisonError};

use crate::analysis::facts::{AccessKind, CodeKind, FileFacts, Root, Shape};
use crate::analysis::model::helpers::note_arity;
use crate::analysis::model::{FieldId, FieldInfo, Model, StructId};
use crate::analysis::names::Role;
use crate::engine::scan::{Scan, ScannedStruct, ident_hash};
use crate::engine::workers::Pool;

/// A file that is not parsed as a whole, as the prefilter sees it.
pub struct Unparsed<'a> {
    /// The loader's number for the file.
    pub slot: usize,
    pub scan: &'a Scan,
    /// The files its `mod name;` declarations may refer to, as the
    /// loader's numbers (`None` for a file it does not know), with the
    /// declaration's code where the scan can tell it.
    pub children: Vec<(Option<usize>, Option<CodeKind>)>,
    /// The structs (indices into `scan.structs`) already parsed alone.
    pub extracted: &'a [usize],
    /// The functions (indices into `scan.functions`) already parsed alone.
    pub extracted_functions: &'a [usize],
    /// The names whose mentions are parsed: every function that mentions
    /// one of them is among `extracted_functions`.
    pub covered: &'a [String],
}

impl Unparsed<'_> {
    /// The structs it may declare that are not parsed yet.
    fn structs(&self) -> impl Iterator<Item = (usize, &ScannedStruct)> + '_ {
        self.scan
            .structs
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.extracted.contains(i))
    }
}

/// How much of a file to parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Want {
    Full,
    /// Only these items, the rest of the file blanked: top-level structs
    /// (indices into `Scan::structs`), wanted for their declarations,
    /// function definitions (indices into `Scan::functions`), wanted as
    /// helpers, and the functions that mention one of `mentions` where it
    /// may name a field (which only the text tells: the scan places none
    /// of them outside a function that parses alone).
    Items {
        structs: Vec<usize>,
        functions: Vec<usize>,
        mentions: Vec<String>,
        /// Whether to learn the code of the `mod` declarations the scan
        /// cannot tell from the items around them
        /// ([`Scan::undecided_declarations`]).
        declarations: bool,
    },
}

/// What the prefilter knows besides the unparsed files.
pub struct Known<'a> {
    /// The facts of every parsed file, test code already marked.
    pub facts: &'a [FileFacts],
    pub digest: &'a Digest,
    /// Every identifier any file mentions where it may name a field.
    pub fields: &'a HashSet<u32>,
    /// By the loader's number, the scan of each file that was scanned and
    /// is parsed whole since or not yet.
    pub scans: &'a [Option<&'a Scan>],
    /// By the loader's number, the files parsed so far, as a whole or some
    /// of their items.
    pub parsed: &'a [bool],
    /// Whether the model is built from the facts of every parsed file.
    pub fresh: bool,
    /// The threads that decide files, each file alone.
    pub(crate) workers: &'a Pool,
}

/// The files to parse next, as indices into `unparsed`, and how much.
/// `model` is built from the facts of the parsed files, or of some of them
/// (then the candidates' evidence is not looked for): the loader stops
/// only when a model of all of them wants nothing more. The rules before
/// the candidates' need no checks made inside helpers: `trace_helpers`
/// adds them when the candidates are looked for.
pub fn select(
    unparsed: &[Unparsed<'_>],
    known: &Known<'_>,
    model: &mut Model,
    trace_helpers: impl FnOnce(&mut Model),
) -> Vec<(usize, Want)> {
    let graph = &known.digest.structs;
    let postings = Postings {
        index: &known.digest.index,
        scans: known.scans,
        answers: &known.digest.answers,
        // Scans are only ever added through the digest, and taken away
        // when a file does not parse.
        version: (
            known.digest.scanned,
            known.scans.iter().filter(|scan| scan.is_some()).count(),
        ),
    };
    let numbered = Numbered::new(unparsed, known.scans.len());
    let files = Files {
        unparsed,
        known,
        graph,
        postings: &postings,
        numbered: &numbered,
    };
    let mut needs = Needs::default();
    needs.add_budget_fields(model);
    let mut chosen = needs.select(&files, model);
    if chosen.iter().all(Option::is_none) && known.fresh {
        // The lints' candidates are settled once the rules above want
        // nothing more: now their evidence is wanted too, and which
        // counters are checked, helpers included. An older model would
        // take limits read since for unread ones.
        trace_helpers(model);
        needs.add_candidates(model);
        chosen = needs.select(&files, model);
    }
    // Whether a parsed file is test code depends on its declaration, and
    // on its parent's, up to the crate root: where a parent's scan cannot
    // tell the code of its declarations of the files wanted, the items
    // around those declarations are parsed, or the parent whole.
    let mut wanted: Vec<bool> = known.parsed.to_vec();
    for (u, _) in unparsed.iter().zip(&chosen).filter(|(_, c)| c.is_some()) {
        wanted[u.slot] = true;
    }
    loop {
        let mut added = false;
        for (u, chosen) in unparsed.iter().zip(chosen.iter_mut()) {
            let declared: Vec<&Option<CodeKind>> = u
                .children
                .iter()
                .filter(|(child, _)| child.is_some_and(|c| wanted[c]))
                .map(|(_, code)| code)
                .collect();
            if declared.is_empty() {
                continue;
            }
            if declared.iter().any(|code| code.is_none()) {
                added |= learn_declarations(chosen, u.scan);
            }
            added |= !std::mem::replace(&mut wanted[u.slot], true);
        }
        if !added {
            break;
        }
    }
    chosen
        .into_iter()
        .enumerate()
        .filter_map(|(i, c)| Some((i, c?)))
        .collect()
}

/// Makes `chosen` learn the code of the file's declarations that its scan
/// cannot tell; whether that asked for more.
fn learn_declarations(chosen: &mut Option<Want>, scan: &Scan) -> bool {
    if scan.undecided_declarations().is_none() {
        return chosen.replace(Want::Full) != Some(Want::Full);
    }
    match chosen {
        Some(Want::Full) => false,
        Some(Want::Items { declarations, .. }) => !std::mem::replace(declarations, true),
        None => {
            *chosen = Some(Want::Items {
                structs: Vec::new(),
                functions: Vec::new(),
                mentions: Vec::new(),
                declarations: true,
            });
            true
        }
    }
}

/// The unparsed files with what is known of every file, the same for
/// every set of needs in a round.
#[derive(Clone, Copy)]
struct Files<'a> {
    unparsed: &'a [Unparsed<'a>],
    known: &'a Known<'a>,
    graph: &'a Graph,
    postings: &'a Postings<'a>,
    numbered: &'a Numbered<'a>,
}

/// The unparsed files by the loader's number.
struct Numbered<'a> {
    unparsed: &'a [Unparsed<'a>],
    /// By the loader's number, the file's index in `unparsed`.
    positions: Vec<Option<usize>>,
}

impl<'a> Numbered<'a> {
    /// `unparsed` among `files` files the loader knows.
    fn new(unparsed: &'a [Unparsed<'a>], files: usize) -> Numbered<'a> {
        let mut positions = vec![None; files];
        for (i, u) in unparsed.iter().enumerate() {
            if let Some(position) = positions.get_mut(u.slot) {
                *position = Some(i);
            }
        }
        Numbered {
            unparsed,
            positions,
        }
    }

    /// The unparsed file with the loader's number `slot`, with its index
    /// in `unparsed`.
    fn get(&self, slot: usize) -> Option<(usize, &'a Unparsed<'a>)> {
        let position = (*self.positions.get(slot)?)?;
        Some((position, &self.unparsed[position]))
    }
}

impl<'a> Files<'a> {
    fn unparsed(&self, slot: usize) -> Option<(usize, &'a Unparsed<'a>)> {
        self.numbered.get(slot)
    }

    /// The unparsed structs that `found` (by file number and index into
    /// its scan's structs) points to, each once, in file order.
    fn unparsed_structs(
        &self,
        found: impl Iterator<Item = (u32, u32)>,
    ) -> Vec<(usize, &'a ScannedStruct)> {
        let mut structs: Vec<(usize, usize)> = found
            .filter_map(|(slot, i)| {
                let (position, u) = self.unparsed(slot as usize)?;
                let i = i as usize;
                (!u.extracted.contains(&i)).then_some((position, i))
            })
            .collect();
        structs.sort_unstable();
        structs.dedup();
        structs
            .into_iter()
            .map(|(position, i)| (position, &self.unparsed[position].scan.structs[i]))
            .collect()
    }
}

/// The field names whose accesses can change a finding.
#[derive(Default)]
struct Needs {
    /// Every access matters, resolved or not.
    every: HashSet<String>,
    /// Accesses matter when they resolve for certain to a field of these
    /// structs (a typed receiver, or the only struct with the field).
    certain: HashMap<String, HashSet<StructId>>,
    /// The parallel trackers of counters that are checked but never spent,
    /// whose amounts BL001's suggestion follows.
    trackers: HashSet<String>,
}

impl Needs {
    /// Limits, whose every read and check counts, and counters, whose
    /// certain spends and checks count.
    fn add_budget_fields(&mut self, model: &Model) {
        let paired: HashSet<FieldId> = model
            .pairings
            .iter()
            .filter(|p| model.fields[p.counter].role != Role::TimeStart)
            .flat_map(|p| p.limits.iter().copied())
            .collect();
        for (id, field) in model.fields.iter().enumerate() {
            match field.role {
                // A limit that bounds no counter matters only while no
                // read is known (BL003).
                Role::Limit { .. } | Role::TimeLimit
                    if paired.contains(&id) || !model.is_read_in_production(id) =>
                {
                    self.every.insert(field.name.clone());
                }
                Role::Limit { .. } | Role::TimeLimit => {}
                Role::CountUp { .. } | Role::Countdown { .. } => self.want_certain(field),
                Role::TimeStart | Role::Other => {}
            }
        }
    }

    /// The evidence of candidate findings: the uncertain spends and test
    /// writes of a counter that is checked but not spent (BL001), and the
    /// reads of the fields beside a limit that nothing reads, unless BL003
    /// exempts its struct.
    fn add_candidates(&mut self, model: &Model) {
        for pairing in &model.pairings {
            let counter = pairing.counter;
            if !model.uses[counter].production_spends.is_empty()
                || model.enforcing_checks(pairing).is_empty()
            {
                continue;
            }
            self.every.insert(model.fields[counter].name.clone());
            for (tracker, _) in model.parallel_trackers(counter) {
                self.trackers.insert(model.fields[tracker].name.clone());
            }
        }
        for (id, field) in model.fields.iter().enumerate() {
            if model.is_unread_limit(id) {
                for &sibling in &model.structs[field.owner].fields {
                    self.want_certain(&model.fields[sibling]);
                }
            }
        }
    }

    fn want_certain(&mut self, field: &FieldInfo) {
        self.certain
            .entry(field.name.clone())
            .or_default()
            .insert(field.owner);
    }

    fn select(&self, files: &Files<'_>, model: &Model) -> Vec<Option<Want>> {
        let Files {
            unparsed,
            known,
            graph,
            postings,
            numbered,
        } = *files;
        let index = &known.digest.index;
        // Where a field name is declared by one struct so far, the name
        // alone may resolve to it: unless another struct declares it, all
        // its mentions matter. Declarations are parsed first.
        let mut every: HashSet<u32> = self.every.iter().map(|n| ident_hash(n)).collect();
        let mut undecided: HashSet<u32> = HashSet::default();
        // A typed name matters in a file that also names a type reaching
        // one of its owners.
        let mut typed: HashMap<u32, Arc<HashSet<u32>>> = HashMap::default();
        for (name, structs) in &self.certain {
            let hash = ident_hash(name);
            if graph.parsed_declarations(hash) >= 2 {
                let mut owners: Vec<u32> = structs
                    .iter()
                    .map(|&s| ident_hash(&model.structs[s].name))
                    .collect();
                owners.sort_unstable();
                owners.dedup();
                typed.insert(hash, graph.shared_reach(owners).names);
            } else if graph.unparsed_declarations(hash) > 0 {
                undecided.insert(hash);
            } else {
                every.insert(hash);
            }
        }
        let names: HashSet<&str> = self
            .every
            .iter()
            .chain(self.certain.keys())
            .map(String::as_str)
            .collect();
        let trackers: HashSet<&str> = self.trackers.iter().map(String::as_str).collect();
        let carriers = amount_carriers(known.facts, &trackers);
        // A helper's comparisons count only when they are about budget
        // fields; the fields beside a limit are wanted for their reads.
        let budget_fields: HashSet<&str> = model
            .fields
            .iter()
            .filter(|f| f.role != Role::Other && names.contains(f.name.as_str()))
            .map(|f| f.name.as_str())
            .collect();
        // The types that reach the names and the helpers to parse, side
        // by side: each takes a few tenths of a millisecond a round at 1x.
        let (types, helpers) = known.workers.join(
            || {
                let mut types = reached_types(known.digest, &names, files);
                types.extend(flow_types(known.facts, known.digest, &carriers, unparsed));
                types
            },
            || {
                helper_definitions(
                    &known.digest.helpers(&budget_fields),
                    &known.digest.arities,
                    index,
                    numbered,
                )
            },
        );
        let carriers: HashSet<u32> = carriers.iter().map(|f| ident_hash(f)).collect();
        let mut names_by_hash: HashMap<u32, Vec<&str>> = HashMap::default();
        for &name in &names {
            names_by_hash
                .entry(ident_hash(name))
                .or_default()
                .push(name);
        }
        let want = |index: usize, u: &Unparsed<'_>| -> Option<Want> {
            let scan = u.scan;
            let full = whole_by_scan(u) || carriers.iter().any(|&f| scan.mentions(f));
            if full {
                return Some(Want::Full);
            }
            let mentioned: Vec<u32> = scan
                .fields
                .iter()
                .copied()
                .filter(|h| {
                    every.contains(h)
                        || typed
                            .get(h)
                            .is_some_and(|reach| mentions_any(&scan.mentions, reach))
                })
                .collect();
            // A name mentioned outside every function that parses alone
            // is never covered: the file is parsed whole for it.
            if mentioned
                .iter()
                .any(|h| scan.loose_fields.binary_search(h).is_ok())
            {
                return Some(Want::Full);
            }
            let mentions: Vec<String> = mentioned
                .iter()
                .flat_map(|h| names_by_hash.get(h).into_iter().flatten())
                .filter(|name| !u.covered.iter().any(|c| c == *name))
                .map(|name| name.to_string())
                .collect();
            let structs: Vec<usize> = u
                .structs()
                .filter(|(_, s)| {
                    types.contains(&s.name)
                        || s.fields.iter().any(|f| undecided.contains(f))
                        || graph.matters(s, known.fields, postings)
                })
                .map(|(i, _)| i)
                .collect();
            let functions = helpers.get(&index).cloned().unwrap_or_default();
            if structs.is_empty() && functions.is_empty() && mentions.is_empty() {
                return None;
            }
            let alone = structs.iter().all(|&i| scan.structs[i].item.is_some())
                && functions.iter().all(|&i| scan.functions[i].item.is_some());
            if !alone {
                return Some(Want::Full);
            }
            Some(Want::Items {
                structs,
                functions,
                mentions,
                declarations: false,
            })
        };
        // Only these files may be wanted: those the index shows mentioning
        // a name above, declaring a struct of a reached type, with an
        // undecided field or a possible budget field, or defining a helper;
        // and those parsed whole for what their scans show. Every file may
        // be when a carrier's mention matters.
        let candidates: Vec<usize> = if carriers.is_empty() {
            let mentioning = (every.iter())
                .chain(typed.keys())
                .flat_map(|&h| index.fields.get(h));
            let named = types.iter().flat_map(|&h| index.struct_names.get(h));
            let declaring = undecided.iter().flat_map(|&h| index.struct_fields.get(h));
            let structs = (named.chain(declaring))
                .chain(&index.budget_structs)
                .map(|(slot, _)| slot);
            let indexed = (mentioning.chain(structs))
                .filter_map(|&slot| files.unparsed(slot as usize))
                .map(|(i, _)| i);
            let scanned_whole = (0..unparsed.len()).filter(|&i| whole_by_scan(&unparsed[i]));
            let mut candidates: Vec<usize> = indexed
                .chain(scanned_whole)
                .chain(helpers.keys().copied())
                .collect();
            candidates.sort_unstable();
            candidates.dedup();
            candidates
        } else {
            (0..unparsed.len()).collect()
        };
        // Each file is decided alone, on every thread, and the answers
        // joined in order. A file whose decision is lost is parsed whole.
        let decided = known
            .workers
            .map_here(&candidates, |&i| want(i, &unparsed[i]));
        let mut chosen: Vec<Option<Want>> = vec![None; unparsed.len()];
        for (&i, want) in candidates.iter().zip(decided) {
            chosen[i] = want.unwrap_or(Some(Want::Full));
        }
        chosen
    }
}

/// Whether a file is parsed whole for what its scan shows: the scan could
/// not follow it, it may hold directives, a `#[path]` attribute may
/// redirect one of its `mod` declarations, or it may declare a module
/// file discovery did not find.
fn whole_by_scan(u: &Unparsed<'_>) -> bool {
    let scan = u.scan;
    scan.uncertain
        || scan.directives
        || (scan.path_attr && !scan.mods.is_empty())
        || u.children.iter().any(|(c, _)| c.is_none())
}

/// Structs, parsed and scanned, as names and the types of their fields.
#[derive(Default)]
struct Graph {
    /// For each type name, the structs that have a field of that type, with
    /// the number of such fields.
    holders: HashMap<u32, HashMap<u32, usize>>,
    /// For each field name, the number of parsed structs that declare it.
    parsed: HashMap<u32, usize>,
    /// For each field name, the number of structs not parsed yet that the
    /// scans show declaring it.
    unparsed: HashMap<u32, usize>,
    reaches: Mutex<Reaches>,
}

/// The reaches worked out so far, by their owners, kept across rounds
/// while no holder of a name in them comes or goes.
#[derive(Default)]
struct Reaches {
    known: HashMap<Vec<u32>, Reach>,
    /// Each holder, as a type name and a struct name, that appeared or went
    /// since `known` was last checked.
    toggled: Vec<(u32, u32)>,
    /// The number of reaches worked out so far.
    made: u64,
}

/// The names of some structs and of every struct whose fields' types
/// reach them, numbered apart from every other reach worked out.
#[derive(Clone)]
struct Reach {
    number: u64,
    names: Arc<HashSet<u32>>,
}

impl Reaches {
    /// Forgets the reaches that a holder come or gone since may change:
    /// those that hold its type name, the only names whose holders a reach
    /// is made of. A holder that went and came back changes nothing.
    fn settle(&mut self) {
        if self.toggled.is_empty() {
            return;
        }
        self.toggled.sort_unstable();
        let mut changed: HashSet<u32> = HashSet::default();
        for run in self.toggled.chunk_by(|a, b| a == b) {
            if run.len() % 2 == 1 {
                changed.insert(run[0].0);
            }
        }
        self.toggled.clear();
        if !changed.is_empty() {
            self.known
                .retain(|_, reach| reach.names.iter().all(|name| !changed.contains(name)));
        }
    }
}

/// Applies `change` to the value of `key` in `map`, an empty one if
/// missing: the key is copied only then.
fn update<K, V>(map: &mut HashMap<K, V>, key: &str, change: impl FnOnce(&mut V))
where
    K: std::borrow::Borrow<str> + for<'k> From<&'k str> + Eq + std::hash::Hash,
    V: Default,
{
    match map.get_mut(key) {
        Some(value) => change(value),
        None => {
            let mut value = V::default();
            change(&mut value);
            map.insert(K::from(key), value);
        }
    }
}

/// Adds `delta` (1 or -1) to a count, dropping it at zero.
fn count(counts: &mut HashMap<u32, usize>, key: u32, delta: isize) {
    match counts.entry(key) {
        Entry::Occupied(mut entry) => {
            let n = entry.get().saturating_add_signed(delta);
            if n == 0 {
                entry.remove();
            } else {
                entry.insert(n);
            }
        }
        Entry::Vacant(entry) => {
            if let Ok(n) = usize::try_from(delta)
                && n > 0
            {
                entry.insert(n);
            }
        }
    }
}

impl Graph {
    fn holds(&mut self, owner: u32, types: &[u32], delta: isize) {
        let reaches = self
            .reaches
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        for &ty in types {
            let holders = self.holders.entry(ty).or_default();
            let held = holders.contains_key(&owner);
            count(holders, owner, delta);
            if held != holders.contains_key(&owner) && !reaches.known.is_empty() {
                reaches.toggled.push((ty, owner));
            }
            if holders.is_empty() {
                self.holders.remove(&ty);
            }
        }
    }

    fn parsed_field(&mut self, (owner, field, types): &(u32, u32, Vec<u32>), delta: isize) {
        count(&mut self.parsed, *field, delta);
        self.holds(*owner, types, delta);
    }

    fn scanned(&mut self, s: &ScannedStruct, delta: isize) {
        for &field in &s.fields {
            count(&mut self.unparsed, field, delta);
        }
        self.holds(s.name, &s.types, delta);
    }

    fn parsed_declarations(&self, field: u32) -> usize {
        self.parsed.get(&field).copied().unwrap_or(0)
    }

    fn unparsed_declarations(&self, field: u32) -> usize {
        self.unparsed.get(&field).copied().unwrap_or(0)
    }

    /// The names of `owners` and of every struct whose fields' types reach
    /// one of them: the types a receiver must name for a place to resolve
    /// to a field of `owners`.
    fn reach(&self, owners: impl Iterator<Item = u32>) -> HashSet<u32> {
        let mut reach: HashSet<u32> = owners.collect();
        let mut pending: Vec<u32> = reach.iter().copied().collect();
        while let Some(name) = pending.pop() {
            for &holder in self.holders.get(&name).into_iter().flat_map(HashMap::keys) {
                if reach.insert(holder) {
                    pending.push(holder);
                }
            }
        }
        reach
    }

    /// [`Graph::reach`] of `owners`, sorted, worked out once while the
    /// holders it passes through stay the same.
    fn shared_reach(&self, owners: Vec<u32>) -> Reach {
        let mut reaches = self.reaches.lock().unwrap_or_else(PoisonError::into_inner);
        reaches.settle();
        if let Some(reach) = reaches.known.get(&owners) {
            return reach.clone();
        }
        reaches.made += 1;
        let reach = Reach {
            number: reaches.made,
            names: Arc::new(self.reach(owners.iter().copied())),
        };
        reaches.known.insert(owners, reach.clone());
        reach
    }

    /// Whether parsing an unparsed struct may change a finding: it may hold
    /// a budget field that code mentions, or a limit (which BL003 would
    /// report unread) beside a field that some file may read for certain.
    fn matters(&self, s: &ScannedStruct, mentions: &HashSet<u32>, postings: &Postings<'_>) -> bool {
        if s.budget.is_empty() {
            return false;
        }
        if s.budget.iter().any(|&f| mentions.contains(&s.fields[f])) {
            return true;
        }
        // Only a limit can be reported without being mentioned (BL003).
        if !s.limit {
            return false;
        }
        let siblings: Vec<u32> = s
            .fields
            .iter()
            .copied()
            .filter(|h| mentions.contains(h))
            .collect();
        if siblings.is_empty() {
            return false;
        }
        let unique = siblings
            .iter()
            .any(|&h| self.parsed_declarations(h) + self.unparsed_declarations(h) < 2);
        if unique {
            return true;
        }
        // Copies of a struct (vendored versions, the benchmark's copies)
        // ask the same question.
        let reach = self.shared_reach(vec![s.name]);
        postings.answer((reach.number, siblings), |siblings| {
            siblings
                .iter()
                .flat_map(|h| postings.files(*h))
                .any(|mentions| mentions_any(mentions, &reach.names))
        })
    }
}

/// Whether a file's sorted mentions hold one of `names`: a few names are
/// looked up in the mentions, many the other way round.
fn mentions_any(mentions: &[u32], names: &HashSet<u32>) -> bool {
    if names.len() * 16 < mentions.len() {
        names.iter().any(|n| mentions.binary_search(n).is_ok())
    } else {
        mentions.iter().any(|m| names.contains(m))
    }
}

/// The mentions of the files that mention a field name where it may name
/// a field, parsed since or not.
struct Postings<'a> {
    index: &'a ScanIndex,
    scans: &'a [Option<&'a Scan>],
    answers: &'a Mutex<Answers>,
    /// The scans these postings are of: how many times scans were added,
    /// and how many there are.
    version: (u64, usize),
}

/// Whether some file mentions one of a struct's fields where it may name a
/// field and a type that reaches the struct, by the number of the
/// struct's reach ([`Graph::shared_reach`]) and those fields, as answered
/// since the scans last changed.
#[derive(Default)]
struct Answers {
    version: (u64, usize),
    known: HashMap<(u64, Vec<u32>), bool>,
}

impl<'a> Postings<'a> {
    /// The answer for `question`, worked out by `answer` once while the
    /// reach and the scans stay the same.
    fn answer(&self, question: (u64, Vec<u32>), answer: impl FnOnce(&[u32]) -> bool) -> bool {
        let answers = |answers: &'a Mutex<Answers>| {
            let mut answers = answers.lock().unwrap_or_else(PoisonError::into_inner);
            if answers.version != self.version {
                answers.known.clear();
                answers.version = self.version;
            }
            answers
        };
        if let Some(&known) = answers(self.answers).known.get(&question) {
            return known;
        }
        let found = answer(&question.1);
        answers(self.answers).known.insert(question, found);
        found
    }

    fn files(&self, hash: u32) -> impl Iterator<Item = &'a [u32]> + '_ {
        let slots = self.index.fields.get(hash);
        slots
            .filter_map(|&slot| *self.scans.get(slot as usize)?)
            .map(|scan| scan.mentions.as_slice())
    }
}

/// Where the scans show each name, by the loader's number of each scanned
/// file: a round looks up the files with the names it needs here instead
/// of reading every scan. Numbers and indices are kept as `u32`.
#[derive(Default)]
pub struct ScanIndex {
    /// By the hash of a name, the files that mention it where it may name
    /// a field ([`Scan::fields`]).
    fields: Multimap<u32>,
    /// By the hash of a struct's name, the file and the struct's index in
    /// its scan's structs.
    struct_names: Multimap<(u32, u32)>,
    /// By the hash of a field's name, the structs that declare it.
    struct_fields: Multimap<(u32, u32)>,
    /// The structs that may hold a budget field.
    budget_structs: Vec<(u32, u32)>,
    /// By the hash of a function's name, the file and the function's index
    /// in its scan's functions.
    functions: Multimap<(u32, u32)>,
}

impl ScanIndex {
    /// Adds the scans of files, each with the loader's number, on two
    /// threads, the first also doing `beside`.
    fn add(&mut self, scans: &[(usize, &Scan)], workers: &Pool, beside: impl FnOnce() + Send) {
        // The loader's numbers and a file's items are far fewer than 2^32.
        let files = || scans.iter().map(|&(slot, scan)| (slot as u32, scan));
        let structs = || {
            files().flat_map(|(slot, scan)| {
                let numbered = scan.structs.iter().enumerate();
                numbered.map(move |(i, s)| ((slot, i as u32), s))
            })
        };
        let ScanIndex {
            fields,
            struct_names,
            struct_fields,
            budget_structs,
            functions,
        } = self;
        let add_fields = || {
            beside();
            fields.extend(|| {
                files().flat_map(|(slot, scan)| scan.fields.iter().map(move |&f| (f, slot)))
            });
        };
        let add_items = || {
            struct_names.extend(|| structs().map(|(at, s)| (s.name, at)));
            struct_fields
                .extend(|| structs().flat_map(|(at, s)| s.fields.iter().map(move |&f| (f, at))));
            budget_structs.extend(
                structs()
                    .filter(|(_, s)| !s.budget.is_empty())
                    .map(|(at, _)| at),
            );
            functions.extend(|| {
                files().flat_map(|(slot, scan)| {
                    let numbered = scan.functions.iter().enumerate();
                    numbered.map(move |(i, f)| (f.name, (slot, i as u32)))
                })
            });
        };
        workers.join(add_fields, add_items);
    }
}

/// Values by the hash of a name. The first entries added lie in one
/// vector, each name's values side by side; those added later, which are
/// few, in a vector for each name.
#[derive(Default)]
struct Multimap<V> {
    /// Where each name's values lie in `values`.
    ranges: HashMap<u32, (u32, u32)>,
    values: Vec<V>,
    later: HashMap<u32, Vec<V>>,
}

impl<V: Copy + Default> Multimap<V> {
    /// Adds the entries that `entries` gives each time it is called.
    fn extend<I: Iterator<Item = (u32, V)>>(&mut self, entries: impl Fn() -> I) {
        if !self.values.is_empty() {
            for (key, value) in entries() {
                self.later.entry(key).or_default().push(value);
            }
            return;
        }
        let mut ranges: HashMap<u32, (u32, u32)> = HashMap::default();
        for (key, _) in entries() {
            ranges.entry(key).or_default().1 += 1;
        }
        let mut next = 0;
        for range in ranges.values_mut() {
            let len = range.1;
            *range = (next, next);
            next += len;
        }
        let mut values = vec![V::default(); next as usize];
        for (key, value) in entries() {
            if let Some(range) = ranges.get_mut(&key) {
                values[range.1 as usize] = value;
                range.1 += 1;
            }
        }
        self.ranges = ranges;
        self.values = values;
    }

    fn get(&self, key: u32) -> impl Iterator<Item = &V> {
        let packed = match self.ranges.get(&key) {
            Some(&(start, end)) => &self.values[start as usize..end as usize],
            None => &[],
        };
        packed
            .iter()
            .chain(self.later.get(&key).into_iter().flatten())
    }
}

/// What the prefilter reads from the parsed files, gathered file by file
/// as the loader parses them: how calls connect functions, and how places
/// reach fields; and the graph of the structs, parsed or only scanned,
/// which the loader keeps current as it scans and parses files.
#[derive(Default)]
pub struct Digest {
    structs: Graph,
    index: ScanIndex,
    /// The number of parameters of each function name; `None` when the
    /// definitions disagree.
    arities: HashMap<Arc<str>, Option<usize>>,
    /// For each field name, the functions called with it in an argument.
    with_field: HashMap<String, HashSet<String>>,
    /// For each function, the functions it passes its parameters on to.
    passes_params: HashMap<Arc<str>, HashSet<String>>,
    /// For each field name, the hashes of the types that roots of places
    /// ending in it name, and of the fields their chains step through.
    places: HashMap<String, (HashSet<u32>, HashSet<u32>)>,
    /// By file, each field of the file's parsed structs: the hashes of the
    /// struct's name, of the field's name and of its type's identifiers.
    /// A file parsed again replaces its entry, so every declaration counts
    /// once.
    struct_fields: HashMap<usize, Vec<(u32, u32, Vec<u32>)>>,
    /// How many times scans were added.
    scanned: u64,
    answers: Mutex<Answers>,
}

impl Digest {
    /// Adds the facts of the file `file` (any number that identifies it),
    /// which replace the facts it was added with before.
    pub fn add(&mut self, file: usize, facts: &FileFacts) {
        let mut fields = Vec::new();
        for s in &facts.structs {
            let owner = ident_hash(&s.name);
            for field in &s.fields {
                let types = field.ty.idents.iter().map(|i| ident_hash(i)).collect();
                fields.push((owner, ident_hash(&field.name), types));
            }
        }
        for field in &fields {
            self.structs.parsed_field(field, 1);
        }
        for field in self
            .struct_fields
            .insert(file, fields)
            .into_iter()
            .flatten()
        {
            self.structs.parsed_field(&field, -1);
        }
        let accessed = facts.accesses.iter().map(|a| &a.place);
        let compared = facts
            .comparisons
            .iter()
            .flat_map(|c| c.sides.iter().flat_map(|side| &side.places));
        for place in accessed.chain(compared) {
            update(&mut self.places, &place.field, |(types, steps)| {
                if let Root::Typed(idents) = &place.root {
                    types.extend(idents.iter().map(|i| ident_hash(i)));
                }
                steps.extend(place.chain.iter().map(|c| ident_hash(c)));
            });
        }
        for def in &facts.functions {
            note_arity(&mut self.arities, def.function.name.clone(), def.arity);
        }
        for call in &facts.calls {
            for place in call.args.iter().flat_map(|arg| &arg.places) {
                update(&mut self.with_field, &place.field, |callees| {
                    if !callees.contains(&call.callee) {
                        callees.insert(call.callee.clone());
                    }
                });
            }
            if let Some(caller) = &call.function
                && call.args.iter().any(|arg| !arg.params.is_empty())
            {
                update(&mut self.passes_params, &caller.name, |callees| {
                    if !callees.contains(&call.callee) {
                        callees.insert(call.callee.clone());
                    }
                });
            }
        }
    }

    /// Adds the scans of files, each with the loader's number, whose
    /// structs count as not parsed yet.
    pub fn add_scans(&mut self, scans: &[(usize, &Scan)], workers: &Pool) {
        self.scanned += 1;
        let graph = &mut self.structs;
        self.index.add(scans, workers, || {
            for s in scans.iter().flat_map(|(_, scan)| &scan.structs) {
                graph.scanned(s, 1);
            }
        });
    }

    /// Stops counting scanned structs as not parsed: they are parsed now,
    /// alone or with their file, or their file never will be.
    pub fn remove_scanned<'a>(&mut self, structs: impl IntoIterator<Item = &'a ScannedStruct>) {
        for s in structs {
            self.structs.scanned(s, -1);
        }
    }

    /// The functions whose definitions can change a finding: helpers called
    /// with the fields `names` (a check inside them counts at the call), and
    /// the helpers they pass their own parameters on to. A name whose
    /// definitions disagree on the number of parameters is never traced
    /// (`model::helpers`), and more definitions cannot change that.
    fn helpers(&self, names: &HashSet<&str>) -> HashSet<&str> {
        let traced = |name: &str| self.arities.get(name) != Some(&None);
        let mut functions: HashSet<&str> = names
            .iter()
            .flat_map(|&name| self.with_field.get(name).into_iter().flatten())
            .map(String::as_str)
            .filter(|&callee| traced(callee))
            .collect();
        let mut pending: Vec<&str> = functions.iter().copied().collect();
        while let Some(function) = pending.pop() {
            for callee in self.passes_params.get(function).into_iter().flatten() {
                if traced(callee) && functions.insert(callee) {
                    pending.push(callee);
                }
            }
        }
        functions
    }
}

/// The definitions of `helpers` to parse, by unparsed file (index into
/// `unparsed`), as indices into its scan's functions. Where the scans show
/// definitions with another number of parameters than the parsed ones,
/// one such definition each is enough to make the name ambiguous; the next
/// round asks again. Otherwise every definition of the name that takes
/// parameters other than `self` is parsed: the others give the tracer
/// nothing to compare, and agree on the number of parameters.
fn helper_definitions(
    helpers: &HashSet<&str>,
    arities: &HashMap<Arc<str>, Option<usize>>,
    index: &ScanIndex,
    numbered: &Numbered<'_>,
) -> HashMap<usize, Vec<usize>> {
    let mut chosen: HashMap<usize, Vec<usize>> = HashMap::default();
    if helpers.is_empty() {
        return chosen;
    }
    let wanted: HashMap<u32, Option<usize>> = helpers
        .iter()
        .map(|&name| (ident_hash(name), arities.get(name).copied().flatten()))
        .collect();
    // Each definition not parsed yet: its file and position, its arity,
    // and whether it takes parameters.
    type Definition = ((usize, usize), Option<usize>, bool);
    let mut definitions: HashMap<u32, Vec<Definition>> = HashMap::default();
    for &name in wanted.keys() {
        let mut found: Vec<Definition> = Vec::new();
        for &(slot, position) in index.functions.get(name) {
            let position = position as usize;
            let Some((file, u)) = numbered.get(slot as usize) else {
                continue;
            };
            if !u.extracted_functions.contains(&position) {
                let function = &u.scan.functions[position];
                found.push(((file, position), function.arity, function.takes_params));
            }
        }
        // In the order of the files and of the definitions in each.
        found.sort_unstable_by_key(|&(at, ..)| at);
        if !found.is_empty() {
            definitions.insert(name, found);
        }
    }
    for (hash, found) in definitions {
        let differs_from = |arity: Option<usize>| {
            move |&&(_, other, _): &&Definition| other.is_some() && other != arity
        };
        let proof = match wanted[&hash] {
            Some(parsed) => found
                .iter()
                .find(differs_from(Some(parsed)))
                .map(|&(at, ..)| vec![at]),
            None => found
                .iter()
                .find(|(_, a, _)| a.is_some())
                .and_then(|first| {
                    let second = found.iter().find(differs_from(first.1))?;
                    Some(vec![first.0, second.0])
                }),
        };
        let parse = proof.unwrap_or_else(|| {
            found
                .iter()
                .filter(|(_, _, takes_params)| *takes_params)
                .map(|&(at, ..)| at)
                .collect()
        });
        for (file, position) in parse {
            chosen.entry(file).or_default().push(position);
        }
    }
    for positions in chosen.values_mut() {
        positions.sort_unstable();
        positions.dedup();
    }
    chosen
}

/// The functions whose callers can change a suggestion: those that spend a
/// parallel tracker, and the callers that hand the amount they return on up
/// (BL001's suggestion spends the counter where the amount is in hand).
/// Files that mention one of these names are parsed.
fn amount_carriers(facts: &[FileFacts], trackers: &HashSet<&str>) -> HashSet<String> {
    let mut functions: HashSet<String> = HashSet::default();
    if trackers.is_empty() {
        return functions;
    }
    for file in facts {
        for access in &file.accesses {
            let spends = matches!(
                access.kind,
                AccessKind::Increase | AccessKind::Decrease | AccessKind::Assign
            );
            if spends
                && trackers.contains(&*access.place.field)
                && let Some(span) = access.function
                && let Some(def) = file.functions.iter().find(|d| d.function.span == span)
            {
                functions.insert(def.function.name.to_string());
            }
        }
    }
    loop {
        let before = functions.len();
        for file in facts {
            for binding in &file.bindings {
                if !functions.contains(&binding.callee) {
                    continue;
                }
                let returns_it = file.functions.iter().any(|def| {
                    def.function == binding.function
                        && returns_binding(&def.returns, &binding.pattern)
                });
                if returns_it {
                    functions.insert(binding.function.name.to_string());
                }
            }
        }
        if functions.len() == before {
            return functions;
        }
    }
}

/// The hashes of the type names BL001's suggestion may look up to reach a
/// budget struct from the functions the amount flows through: the types of
/// their parameters and `self`, and the types of the fields of structs so
/// named, a few levels deep.
fn flow_types(
    facts: &[FileFacts],
    digest: &Digest,
    carriers: &HashSet<String>,
    unparsed: &[Unparsed<'_>],
) -> HashSet<u32> {
    let mut types: HashSet<u32> = HashSet::default();
    if carriers.is_empty() {
        return types;
    }
    for file in facts {
        let callers = file
            .bindings
            .iter()
            .filter(|b| carriers.contains(&b.callee))
            .map(|b| &b.function);
        let flowing: Vec<&crate::analysis::facts::FnRef> = callers.collect();
        for def in &file.functions {
            if carriers.contains(&*def.function.name) || flowing.contains(&&def.function) {
                types.extend(def.self_type.iter().map(|t| ident_hash(t)));
                types.extend(def.params.iter().flat_map(|p| &p.ty).map(|t| ident_hash(t)));
            }
        }
    }
    let all = unparsed.iter().flat_map(Unparsed::structs).map(|(_, s)| s);
    let structs = field_types(digest, all, |_| true);
    let mut frontier: Vec<u32> = types.iter().copied().collect();
    for _ in 0..crate::analysis::suggest::FLOW_PATH_DEPTH {
        let mut next = Vec::new();
        for name in frontier {
            for &ty in structs.get(&name).into_iter().flatten() {
                if types.insert(ty) {
                    next.push(ty);
                }
            }
        }
        frontier = next;
    }
    types
}

/// Whether a function returns one of the locals a binding introduced.
fn returns_binding(returns: &[Shape], pattern: &Shape) -> bool {
    let bound: Vec<&str> = match pattern {
        Shape::Local(name) => vec![name.as_str()],
        Shape::Tuple(names) => names.iter().flatten().map(String::as_str).collect(),
        Shape::SelfField(_) => Vec::new(),
    };
    returns.iter().any(|shape| match shape {
        Shape::Local(name) => bound.contains(&name.as_str()),
        Shape::Tuple(names) => names.iter().flatten().any(|n| bound.contains(&n.as_str())),
        Shape::SelfField(_) => false,
    })
}

/// The hashes of the type names that resolving the places of `names` may
/// look up: the identifiers of every typed root, and of the fields their
/// chains pass through, in parsed structs and, all at once, in the structs
/// the unparsed files may declare (every type of such a struct counts).
fn reached_types(digest: &Digest, names: &HashSet<&str>, files: &Files<'_>) -> HashSet<u32> {
    let mut types: HashSet<u32> = HashSet::default();
    let mut steps: HashSet<u32> = HashSet::default();
    for name in names {
        if let Some((roots, chains)) = digest.places.get(*name) {
            types.extend(roots);
            steps.extend(chains);
        }
    }
    // Each struct as its name and the types of the fields a chain may
    // step through.
    let declaring = steps
        .iter()
        .flat_map(|&h| digest.index.struct_fields.get(h))
        .copied();
    let unparsed = files.unparsed_structs(declaring);
    let structs = field_types(digest, unparsed.into_iter().map(|(_, s)| s), |field| {
        steps.contains(&field)
    });
    let mut pending: Vec<u32> = types.iter().copied().collect();
    while let Some(name) = pending.pop() {
        for &ty in structs.get(&name).into_iter().flatten() {
            if types.insert(ty) {
                pending.push(ty);
            }
        }
    }
    types
}

/// For each struct name, the hashes of the types of its fields that `keep`
/// (given a field name's hash) accepts, in parsed structs; a struct of
/// `unparsed` (which the unparsed files may declare) counts with every
/// type it mentions if `keep` accepts one of its fields.
fn field_types<'a>(
    digest: &Digest,
    unparsed: impl Iterator<Item = &'a ScannedStruct>,
    keep: impl Fn(u32) -> bool,
) -> HashMap<u32, Vec<u32>> {
    let mut structs: HashMap<u32, Vec<u32>> = HashMap::default();
    for (owner, field, types) in digest.struct_fields.values().flatten() {
        if keep(*field) {
            structs.entry(*owner).or_default().extend(types);
        }
    }
    for s in unparsed {
        if s.fields.iter().any(|&f| keep(f)) {
            structs.entry(s.name).or_default().extend(&s.types);
        }
    }
    structs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::facts::{Call, CodeKind, FnDef, FnRef, Operand, Place, Span};
    use crate::engine::scan::ScannedFn;

    const SPAN: Span = Span {
        file: 0,
        start: 0,
        end: 0,
    };

    fn scan_defining(name: &str, arities: &[Option<usize>]) -> Scan {
        let mut functions: Vec<ScannedFn> = arities
            .iter()
            .map(|&arity| ScannedFn {
                name: ident_hash(name),
                arity,
                takes_params: true,
                item: None,
            })
            .collect();
        functions.sort_unstable();
        Scan {
            functions,
            ..Scan::default()
        }
    }

    fn chosen(helpers: &[&str], digest: &Digest, scans: &[Scan]) -> Vec<usize> {
        let unparsed: Vec<Unparsed<'_>> = scans
            .iter()
            .enumerate()
            .map(|(slot, scan)| Unparsed {
                slot,
                scan,
                children: Vec::new(),
                extracted: &[],
                extracted_functions: &[],
                covered: &[],
            })
            .collect();
        let helpers: HashSet<&str> = helpers.iter().copied().collect();
        let index = indexed(scans);
        let numbered = Numbered::new(&unparsed, scans.len());
        let mut files: Vec<usize> =
            helper_definitions(&helpers, &digest.arities, &index, &numbered)
                .into_keys()
                .collect();
        files.sort_unstable();
        files
    }

    /// The index of `scans`, numbered in order.
    fn indexed(scans: &[Scan]) -> ScanIndex {
        let mut index = ScanIndex::default();
        let numbered: Vec<(usize, &Scan)> = scans.iter().enumerate().collect();
        index.add(&numbered, &Pool::new(2, 1 << 20), || {});
        index
    }

    #[test]
    fn names_added_later_are_found_beside_the_first_ones() {
        let mut map: Multimap<u32> = Multimap::default();
        map.extend(|| [(7, 1), (9, 2), (7, 3)].into_iter());
        map.extend(|| [(7, 4), (8, 5)].into_iter());
        let found = |key: u32| map.get(key).copied().collect::<Vec<u32>>();
        assert_eq!(found(7), [1, 3, 4]);
        assert_eq!(found(8), [5]);
        assert_eq!(found(9), [2]);
        assert!(found(10).is_empty());
    }

    fn defining(name: &str, arity: usize) -> FileFacts {
        FileFacts {
            functions: vec![FnDef {
                function: FnRef {
                    span: SPAN,
                    name: name.into(),
                },
                arity,
                self_type: None,
                params: Vec::new(),
                returns: Vec::new(),
            }],
            ..FileFacts::default()
        }
    }

    #[test]
    fn the_struct_graph_counts_each_declaration_where_it_is_now() {
        let text = "pub struct Agent {\n    pub max_steps: u64,\n    pub meter: Meter,\n}\n";
        let scan = crate::engine::scan::scan(text, &crate::analysis::names::Vocabulary::default());
        let facts =
            crate::analysis::syntax::extract(0, text, CodeKind::Production).expect("parses");
        let field = ident_hash("max_steps");
        let reaches_agent =
            |d: &Digest| d.structs.reach([ident_hash("Meter")].into_iter()).len() == 2;
        let mut digest = Digest::default();
        digest.add_scans(&[(0, &scan)], &Pool::new(1, 1 << 20));
        assert_eq!(digest.structs.unparsed_declarations(field), 1);
        assert!(reaches_agent(&digest));
        digest.remove_scanned(&scan.structs);
        assert_eq!(digest.structs.unparsed_declarations(field), 0);
        assert!(!reaches_agent(&digest));
        // A file parsed again replaces its declarations.
        digest.add(7, &facts);
        digest.add(7, &facts);
        assert_eq!(digest.structs.parsed_declarations(field), 1);
        assert!(reaches_agent(&digest));
        digest.add(7, &FileFacts::default());
        assert_eq!(digest.structs.parsed_declarations(field), 0);
        assert!(digest.structs.holders.is_empty());
    }

    #[test]
    fn reaches_are_kept_until_a_holder_of_a_name_in_them_comes_or_goes() {
        let holds = |holder: &str, field: &str, ty: &str| {
            let text = format!("struct {holder} {{ {field}: {ty} }}");
            crate::analysis::syntax::extract(0, &text, CodeKind::Production).expect("parses")
        };
        let reach = |d: &Digest| d.structs.shared_reach(vec![ident_hash("Meter")]).names;
        let names = |reach: &HashSet<u32>| {
            let mut names: Vec<&str> = ["Meter", "Agent", "Runtime", "Other"]
                .into_iter()
                .filter(|n| reach.contains(&ident_hash(n)))
                .collect();
            names.sort_unstable();
            names
        };
        let mut digest = Digest::default();
        digest.add(0, &holds("Agent", "meter", "Meter"));
        let first = reach(&digest);
        assert_eq!(names(&first), ["Agent", "Meter"]);
        // A holder of a name outside the reach changes nothing.
        digest.add(1, &holds("Other", "count", "u64"));
        assert!(Arc::ptr_eq(&first, &reach(&digest)));
        // Nor does one that goes and comes back.
        digest.add(0, &FileFacts::default());
        digest.add(0, &holds("Agent", "meter", "Meter"));
        assert!(Arc::ptr_eq(&first, &reach(&digest)));
        // A holder of a name in it makes it grow, and its going shrink.
        digest.add(2, &holds("Runtime", "agent", "Agent"));
        assert_eq!(names(&reach(&digest)), ["Agent", "Meter", "Runtime"]);
        digest.add(2, &FileFacts::default());
        assert_eq!(names(&reach(&digest)), ["Agent", "Meter"]);
    }

    #[test]
    fn answers_are_kept_while_the_reach_and_the_scans_stay_the_same() {
        let digest = Digest::default();
        let postings = |version| Postings {
            index: &digest.index,
            scans: &[],
            answers: &digest.answers,
            version,
        };
        let asked = std::cell::Cell::new(0);
        let ask = |postings: &Postings<'_>, reach: u64| {
            postings.answer((reach, vec![7]), |_| {
                asked.set(asked.get() + 1);
                true
            })
        };
        assert!(ask(&postings((1, 10)), 1));
        assert!(ask(&postings((1, 10)), 1));
        assert_eq!(asked.get(), 1);
        // Another reach, scans added, or a scan gone: asked again.
        ask(&postings((1, 10)), 2);
        assert_eq!(asked.get(), 2);
        ask(&postings((2, 12)), 1);
        assert_eq!(asked.get(), 3);
        ask(&postings((2, 11)), 1);
        ask(&postings((2, 11)), 1);
        assert_eq!(asked.get(), 4);
    }

    #[test]
    fn definitions_of_another_arity_settle_a_helper_name_first() {
        let scans = [
            scan_defining("over", &[Some(2)]),
            scan_defining("over", &[Some(1)]),
            scan_defining("over", &[Some(2), None]),
        ];
        // Nothing parsed yet: one definition of each of two arities.
        assert_eq!(chosen(&["over"], &Digest::default(), &scans), [0, 1]);
        // One parsed with two parameters: the one with one settles it.
        let mut digest = Digest::default();
        digest.add(1, &defining("over", 2));
        assert_eq!(chosen(&["over"], &digest, &scans), [1]);
        // Once the parsed definitions disagree, the name is never traced.
        let names = HashSet::from_iter(["max_turns"]);
        digest.add(
            2,
            &FileFacts {
                calls: vec![call("run", "over", field())],
                ..FileFacts::default()
            },
        );
        assert_eq!(digest.helpers(&names), HashSet::from_iter(["over"]));
        digest.add(3, &defining("over", 1));
        assert!(digest.helpers(&names).is_empty());
    }

    #[test]
    fn definitions_taking_only_self_are_not_parsed() {
        let mut scans = [
            scan_defining("over", &[Some(1)]),
            scan_defining("over", &[Some(1)]),
        ];
        scans[1].functions[0].takes_params = false;
        assert_eq!(chosen(&["over"], &Digest::default(), &scans), [0]);
        // Unless its number of parameters settles the name.
        let mut digest = Digest::default();
        digest.add(2, &defining("over", 2));
        assert_eq!(chosen(&["over"], &digest, &scans), [0]);
        scans[0].functions[0].takes_params = false;
        assert_eq!(
            chosen(&["over"], &Digest::default(), &scans),
            [] as [usize; 0]
        );
    }

    #[test]
    fn fields_beside_an_unread_limit_are_wanted_unless_bl003_exempts_its_struct() {
        let source = "
            pub struct Plan { pub max_steps: u32, pub name: String }
            #[repr(C)]
            pub struct Header { pub max_len: u32, pub kind: u8 }
            #[derive(serde::Serialize)]
            pub struct Reply { pub max_items: u32, pub total: u32 }
        ";
        let facts =
            crate::analysis::syntax::extract(0, source, CodeKind::Production).expect("parses");
        let model = Model::build(&[facts], &crate::config::Config::default());
        let mut needs = Needs::default();
        needs.add_candidates(&model);
        let mut wanted: Vec<&str> = needs.certain.keys().map(String::as_str).collect();
        wanted.sort_unstable();
        assert_eq!(wanted, ["max_steps", "name"]);
    }

    #[test]
    fn helper_definitions_are_chosen_one_by_one() {
        let mut scan = scan_defining("over", &[Some(2)]);
        scan.functions.push(ScannedFn {
            name: ident_hash("other"),
            arity: Some(2),
            takes_params: true,
            item: None,
        });
        scan.functions.push(scan.functions[0].clone());
        let unparsed = |extracted: &'static [usize]| Unparsed {
            slot: 0,
            scan: &scan,
            children: Vec::new(),
            extracted: &[],
            extracted_functions: extracted,
            covered: &[],
        };
        let helpers = HashSet::from_iter(["over"]);
        let index = indexed(std::slice::from_ref(&scan));
        let chosen = |extracted| {
            let files = [unparsed(extracted)];
            let numbered = Numbered::new(&files, 1);
            helper_definitions(&helpers, &HashMap::default(), &index, &numbered)
        };
        assert_eq!(chosen(&[]), HashMap::from_iter([(0, vec![0, 2])]));
        // A definition parsed alone already is not chosen again.
        let chosen = chosen(&[0]);
        assert_eq!(chosen, HashMap::from_iter([(0, vec![2])]));
    }

    #[test]
    fn every_definition_is_parsed_when_none_can_settle_the_name() {
        let scans = [
            scan_defining("over", &[Some(2)]),
            scan_defining("over", &[None]),
            scan_defining("under", &[Some(1)]),
        ];
        let mut digest = Digest::default();
        digest.add(4, &defining("over", 2));
        assert_eq!(chosen(&["over"], &digest, &scans), [0, 1]);
    }

    fn call(caller: &str, callee: &str, arg: Operand) -> Call {
        Call {
            callee: callee.to_string(),
            args: vec![arg],
            span: SPAN,
            code: CodeKind::Production,
            debug_only: false,
            function: Some(FnRef {
                span: SPAN,
                name: caller.into(),
            }),
            guard: None,
        }
    }

    fn field() -> Operand {
        Operand {
            places: vec![Place {
                root: Root::Unknown,
                chain: Vec::new(),
                field: "max_turns".into(),
            }],
            params: Vec::new(),
        }
    }

    #[test]
    fn helpers_are_the_callees_of_fields_and_what_they_pass_parameters_to() {
        let param = Operand {
            places: Vec::new(),
            params: vec![0],
        };
        let mut digest = Digest::default();
        digest.add(
            5,
            &FileFacts {
                calls: vec![
                    call("run", "exceeded", field()),
                    call("exceeded", "compare", param.clone()),
                    call("unrelated", "other", param),
                    call("run", "log", field()),
                ],
                ..FileFacts::default()
            },
        );
        digest.add(6, &defining("log", 1));
        digest.add(7, &defining("log", 2));
        let mut helpers: Vec<&str> = digest
            .helpers(&HashSet::from_iter(["max_turns"]))
            .into_iter()
            .collect();
        helpers.sort_unstable();
        assert_eq!(helpers, ["compare", "exceeded"]);
    }
}
