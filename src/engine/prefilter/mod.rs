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
//! A file that mentions, anywhere, a name whose every mention a lint
//! demands (the error variant named after a limit nothing reads, which
//! BL003's suggestion returns) is parsed whole; every definition of a
//! function whose definitions a lint demands (the builder method the
//! suggestion calls) is parsed alone, or with its file.
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
use std::sync::Arc;

use crate::analysis::facts::{CodeKind, FileFacts};
use crate::analysis::lints::demand::{Demand, Tier};
use crate::analysis::model::Model;
use crate::analysis::model::Table;
use crate::analysis::names::Role;
use crate::engine::SlotId;
use crate::engine::scan::{Scan, ScannedStruct, ident_hash};
use crate::engine::workers::Pool;

mod digest;
mod index;
mod shadows;
#[cfg(test)]
mod tests;

pub use digest::Digest;
use digest::Graph;
use index::{Postings, mentions_any};
use shadows::{
    amount_carriers, flow_types, helper_definitions, reach_through, reached_types,
    traced_field_names, types_beside_limits,
};

/// A file that is not parsed as a whole, as the prefilter sees it.
pub struct Unparsed<'a> {
    /// The loader's number for the file.
    pub slot: SlotId,
    pub scan: &'a Scan,
    /// The files its `mod name;` declarations may refer to, as the
    /// loader's numbers (`None` for a file it does not know), with the
    /// declaration's code where the scan can tell it.
    pub children: Vec<(Option<SlotId>, Option<CodeKind>)>,
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
    pub scans: &'a Table<SlotId, Option<&'a Scan>>,
    /// By the loader's number, the files parsed so far, as a whole or some
    /// of their items.
    pub parsed: &'a Table<SlotId, bool>,
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
    demand: &dyn Fn(&Model, Tier) -> Demand,
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
    let mut wanted = demand(model, Tier::Pairing);
    let mut chosen = choose(&wanted, &files, model);
    if chosen.iter().all(Option::is_none) && known.fresh {
        // The lints' candidates are settled once the pairing tier wants
        // nothing more: now their evidence is wanted too, and which
        // counters are checked, helpers included. An older model would
        // take limits read since for unread ones.
        trace_helpers(model);
        wanted.extend(demand(model, Tier::Evidence));
        chosen = choose(&wanted, &files, model);
    }
    // Whether a parsed file is test code depends on its declaration, and
    // on its parent's, up to the crate root: where a parent's scan cannot
    // tell the code of its declarations of the files wanted, the items
    // around those declarations are parsed, or the parent whole.
    let mut wanted: Table<SlotId, bool> = known.parsed.clone();
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
pub(super) struct Files<'a> {
    unparsed: &'a [Unparsed<'a>],
    known: &'a Known<'a>,
    graph: &'a Graph,
    postings: &'a Postings<'a>,
    numbered: &'a Numbered<'a>,
}

/// The unparsed files by the loader's number.
pub(super) struct Numbered<'a> {
    unparsed: &'a [Unparsed<'a>],
    /// By the loader's number, the file's index in `unparsed`.
    positions: Table<SlotId, Option<usize>>,
}

impl<'a> Numbered<'a> {
    /// `unparsed` among `files` files the loader knows.
    fn new(unparsed: &'a [Unparsed<'a>], files: usize) -> Numbered<'a> {
        let mut positions: Table<SlotId, Option<usize>> = (0..files).map(|_| None).collect();
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
    fn get(&self, slot: SlotId) -> Option<(usize, &'a Unparsed<'a>)> {
        let position = (*self.positions.get(slot)?)?;
        Some((position, &self.unparsed[position]))
    }
}

impl<'a> Files<'a> {
    fn unparsed(&self, slot: SlotId) -> Option<(usize, &'a Unparsed<'a>)> {
        self.numbered.get(slot)
    }

    /// The unparsed structs that `found` (by file number and index into
    /// its scan's structs) points to, each once, in file order.
    fn unparsed_structs(
        &self,
        found: impl Iterator<Item = (SlotId, u32)>,
    ) -> Vec<(usize, &'a ScannedStruct)> {
        let mut structs: Vec<(usize, usize)> = found
            .filter_map(|(slot, i)| {
                let (position, u) = self.unparsed(slot)?;
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

/// The files that hold what `demand` asks for, and how much of each to
/// parse.
fn choose(demand: &Demand, files: &Files<'_>, model: &Model) -> Vec<Option<Want>> {
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
    let mut every: HashSet<u32> = demand.every.iter().map(|n| ident_hash(n)).collect();
    let mut undecided: HashSet<u32> = HashSet::default();
    // A typed name matters in a file that also names a type reaching
    // one of its owners.
    let mut typed: HashMap<u32, Arc<HashSet<u32>>> = HashMap::default();
    for (name, structs) in &demand.certain {
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
    // A name wanted through its own struct's receivers matters in a file
    // that names the struct.
    for (name, structs) in &demand.own {
        let hash = ident_hash(name);
        if every.contains(&hash) {
            continue;
        }
        let mut owners: HashSet<u32> = structs
            .iter()
            .map(|&s| ident_hash(&model.structs[s].name))
            .collect();
        if let Some(reach) = typed.get(&hash) {
            owners.extend(reach.iter().copied());
        }
        typed.insert(hash, Arc::new(owners));
    }
    let names: HashSet<&str> = demand
        .every
        .iter()
        .chain(demand.certain.keys())
        .map(String::as_str)
        .collect();
    let trackers: HashSet<&str> = demand.amounts.iter().map(String::as_str).collect();
    let carriers = amount_carriers(known.facts, &trackers);
    let budget_fields = traced_field_names(model, &names);
    let limits: HashSet<&str> = model
        .fields
        .iter()
        .filter(|f| matches!(f.role, Role::Limit { .. }))
        .map(|f| f.name.as_str())
        .collect();
    // The types that reach the names and the helpers to parse, side
    // by side: each takes a few tenths of a millisecond a round at 1x.
    let (types, helpers) = known.workers.join(
        || {
            let mut types = reached_types(known.digest, &names, files);
            types.extend(flow_types(known.facts, known.digest, &carriers, unparsed));
            let (beside, steps) = types_beside_limits(known.facts, &limits);
            types.extend(reach_through(known.digest, beside, &steps, files));
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
    let mentioned_whole: HashSet<u32> = demand.mentions.iter().map(|n| ident_hash(n)).collect();
    let definitions = named_definitions(&demand.definitions, index, numbered);
    // Names wanted through their own structs need no types that reach
    // them: the files that name the structs are the ones that matter.
    let mut names_by_hash: HashMap<u32, Vec<&str>> = HashMap::default();
    let own = demand.own.keys().map(String::as_str);
    for name in names
        .iter()
        .copied()
        .chain(own.filter(|n| !names.contains(n)))
    {
        names_by_hash
            .entry(ident_hash(name))
            .or_default()
            .push(name);
    }
    let want = |index: usize, u: &Unparsed<'_>| -> Option<Want> {
        let scan = u.scan;
        let full = whole_by_scan(u)
            || carriers.iter().any(|&f| scan.mentions(f))
            || (!mentioned_whole.is_empty() && mentions_any(&scan.mentions, &mentioned_whole));
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
        let mut functions = helpers.get(&index).cloned().unwrap_or_default();
        if let Some(defined) = definitions.get(&index) {
            functions.extend(defined);
            functions.sort_unstable();
            functions.dedup();
        }
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
            .filter_map(|&slot| files.unparsed(slot))
            .map(|(i, _)| i);
        let scanned_whole = (0..unparsed.len()).filter(|&i| {
            whole_by_scan(&unparsed[i])
                || (!mentioned_whole.is_empty()
                    && mentions_any(&unparsed[i].scan.mentions, &mentioned_whole))
        });
        let mut candidates: Vec<usize> = indexed
            .chain(scanned_whole)
            .chain(helpers.keys().copied())
            .chain(definitions.keys().copied())
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

/// The definitions not parsed yet of the functions and methods named in
/// `names`, by the index of their file in the unparsed files: every one
/// is wanted.
fn named_definitions(
    names: &HashSet<String>,
    index: &index::ScanIndex,
    numbered: &Numbered<'_>,
) -> HashMap<usize, Vec<usize>> {
    let mut chosen: HashMap<usize, Vec<usize>> = HashMap::default();
    for name in names {
        for &(slot, position) in index.functions.get(ident_hash(name)) {
            let position = position as usize;
            let Some((file, u)) = numbered.get(slot) else {
                continue;
            };
            if !u.extracted_functions.contains(&position) {
                chosen.entry(file).or_default().push(position);
            }
        }
    }
    for positions in chosen.values_mut() {
        positions.sort_unstable();
        positions.dedup();
    }
    chosen
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
