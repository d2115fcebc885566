//! What the prefilter knows of the parsed files, kept current file by
//! file: how calls connect functions, how places reach fields, and the
//! graph of the structs, parsed or only scanned.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::collections::hash_map::Entry;
use std::sync::{Arc, Mutex, PoisonError};

use crate::analysis::facts::{FileFacts, Root};
use crate::analysis::model::helpers::note_arity;
use crate::engine::SlotId;
use crate::engine::scan::{Scan, ScannedStruct, ident_hash};
use crate::engine::workers::Pool;

use super::index::{Answers, Postings, ScanIndex, mentions_any};

/// Structs, parsed and scanned, as names and the types of their fields.
#[derive(Default)]
pub(super) struct Graph {
    /// For each type name, the structs that have a field of that type, with
    /// the number of such fields.
    pub(super) holders: HashMap<u32, HashMap<u32, usize>>,
    /// For each field name, the number of parsed structs that declare it.
    pub(super) parsed: HashMap<u32, usize>,
    /// For each field name, the number of structs not parsed yet that the
    /// scans show declaring it.
    pub(super) unparsed: HashMap<u32, usize>,
    pub(super) reaches: Mutex<Reaches>,
}

/// The reaches worked out so far, by their owners, kept across rounds
/// while no holder of a name in them comes or goes.
#[derive(Default)]
pub(super) struct Reaches {
    pub(super) known: HashMap<Vec<u32>, Reach>,
    /// Each holder, as a type name and a struct name, that appeared or went
    /// since `known` was last checked.
    pub(super) toggled: Vec<(u32, u32)>,
    /// The number of reaches worked out so far.
    pub(super) made: u64,
}

/// The names of some structs and of every struct whose fields' types
/// reach them, numbered apart from every other reach worked out.
#[derive(Clone)]
pub(super) struct Reach {
    pub(super) number: u64,
    pub(super) names: Arc<HashSet<u32>>,
}

impl Reaches {
    /// Forgets the reaches that a holder come or gone since may change:
    /// those that hold its type name, the only names whose holders a reach
    /// is made of. A holder that went and came back changes nothing.
    pub(super) fn settle(&mut self) {
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
pub(super) fn update<K, V>(map: &mut HashMap<K, V>, key: &str, change: impl FnOnce(&mut V))
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
pub(super) fn count(counts: &mut HashMap<u32, usize>, key: u32, delta: isize) {
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
    pub(super) fn holds(&mut self, owner: u32, types: &[u32], delta: isize) {
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

    pub(super) fn parsed_field(
        &mut self,
        (owner, field, types): &(u32, u32, Vec<u32>),
        delta: isize,
    ) {
        count(&mut self.parsed, *field, delta);
        self.holds(*owner, types, delta);
    }

    pub(super) fn scanned(&mut self, s: &ScannedStruct, delta: isize) {
        for &field in &s.fields {
            count(&mut self.unparsed, field, delta);
        }
        self.holds(s.name, &s.types, delta);
    }

    pub(super) fn parsed_declarations(&self, field: u32) -> usize {
        self.parsed.get(&field).copied().unwrap_or(0)
    }

    pub(super) fn unparsed_declarations(&self, field: u32) -> usize {
        self.unparsed.get(&field).copied().unwrap_or(0)
    }

    /// The names of `owners` and of every struct whose fields' types reach
    /// one of them: the types a receiver must name for a place to resolve
    /// to a field of `owners`.
    pub(super) fn reach(&self, owners: impl Iterator<Item = u32>) -> HashSet<u32> {
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
    pub(super) fn shared_reach(&self, owners: Vec<u32>) -> Reach {
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
    pub(super) fn matters(
        &self,
        s: &ScannedStruct,
        mentions: &HashSet<u32>,
        postings: &Postings<'_>,
    ) -> bool {
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

/// What the prefilter reads from the parsed files, gathered file by file
/// as the loader parses them: how calls connect functions, and how places
/// reach fields; and the graph of the structs, parsed or only scanned,
/// which the loader keeps current as it scans and parses files.
#[derive(Default)]
pub struct Digest {
    pub(super) structs: Graph,
    pub(super) index: ScanIndex,
    /// The number of parameters of each function name; `None` when the
    /// definitions disagree.
    pub(super) arities: HashMap<Arc<str>, Option<usize>>,
    /// For each field name, the functions called with it in an argument.
    pub(super) with_field: HashMap<String, HashSet<String>>,
    /// For each function, the functions it passes its parameters on to.
    pub(super) passes_params: HashMap<Arc<str>, HashSet<String>>,
    /// For each field name, the hashes of the types that roots of places
    /// ending in it name, and of the fields their chains step through.
    pub(super) places: HashMap<String, (HashSet<u32>, HashSet<u32>)>,
    /// By file, each field of the file's parsed structs: the hashes of the
    /// struct's name, of the field's name and of its type's identifiers.
    /// A file parsed again replaces its entry, so every declaration counts
    /// once.
    pub(super) struct_fields: HashMap<SlotId, Vec<(u32, u32, Vec<u32>)>>,
    /// How many times scans were added.
    pub(super) scanned: u64,
    pub(super) answers: Mutex<Answers>,
}

impl Digest {
    /// Adds the facts of the file `file` (any number that identifies it),
    /// which replace the facts it was added with before.
    pub fn add(&mut self, file: SlotId, facts: &FileFacts) {
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
    pub fn add_scans(&mut self, scans: &[(SlotId, &Scan)], workers: &Pool) {
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
}
