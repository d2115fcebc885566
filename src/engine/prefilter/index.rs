//! Where the scans show each name: a round looks up the files with the
//! names it needs here instead of reading every scan.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::{Mutex, PoisonError};

use crate::analysis::model::Table;
use crate::engine::SlotId;
use crate::engine::scan::Scan;
use crate::engine::workers::Pool;

/// Whether a file's sorted mentions hold one of `names`: a few names are
/// looked up in the mentions, many the other way round.
pub(super) fn mentions_any(mentions: &[u32], names: &HashSet<u32>) -> bool {
    if names.len() * 16 < mentions.len() {
        names.iter().any(|n| mentions.binary_search(n).is_ok())
    } else {
        mentions.iter().any(|m| names.contains(m))
    }
}

/// The mentions of the files that mention a field name where it may name
/// a field, parsed since or not.
pub(super) struct Postings<'a> {
    pub(super) index: &'a ScanIndex,
    pub(super) scans: &'a Table<SlotId, Option<&'a Scan>>,
    pub(super) answers: &'a Mutex<Answers>,
    /// The scans these postings are of: how many times scans were added,
    /// and how many there are.
    pub(super) version: (u64, usize),
}

/// Whether some file mentions one of a struct's fields where it may name a
/// field and a type that reaches the struct, by the number of the
/// struct's reach ([`Graph::shared_reach`]) and those fields, as answered
/// since the scans last changed.
#[derive(Default)]
pub(super) struct Answers {
    pub(super) version: (u64, usize),
    pub(super) known: HashMap<(u64, Vec<u32>), bool>,
}

impl<'a> Postings<'a> {
    /// The answer for `question`, worked out by `answer` once while the
    /// reach and the scans stay the same.
    pub(super) fn answer(
        &self,
        question: (u64, Vec<u32>),
        answer: impl FnOnce(&[u32]) -> bool,
    ) -> bool {
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

    pub(super) fn files(&self, hash: u32) -> impl Iterator<Item = &'a [u32]> + '_ {
        let slots = self.index.fields.get(hash);
        slots
            .filter_map(|&slot| *self.scans.get(slot)?)
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
    pub(super) fields: Multimap<SlotId>,
    /// By the hash of a struct's name, the file and the struct's index in
    /// its scan's structs.
    pub(super) struct_names: Multimap<(SlotId, u32)>,
    /// By the hash of a field's name, the structs that declare it.
    pub(super) struct_fields: Multimap<(SlotId, u32)>,
    /// The structs that may hold a budget field.
    pub(super) budget_structs: Vec<(SlotId, u32)>,
    /// By the hash of a function's name, the file and the function's index
    /// in its scan's functions.
    pub(super) functions: Multimap<(SlotId, u32)>,
}

impl ScanIndex {
    /// Adds the scans of files, each with the loader's number, on two
    /// threads, the first also doing `beside`.
    pub(super) fn add(
        &mut self,
        scans: &[(SlotId, &Scan)],
        workers: &Pool,
        beside: impl FnOnce() + Send,
    ) {
        // The loader's numbers and a file's items are far fewer than 2^32.
        let files = || scans.iter().map(|&(slot, scan)| (slot, scan));
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
pub(super) struct Multimap<V> {
    /// Where each name's values lie in `values`.
    pub(super) ranges: HashMap<u32, (u32, u32)>,
    pub(super) values: Vec<V>,
    pub(super) later: HashMap<u32, Vec<V>>,
}

impl<V: Copy + Default> Multimap<V> {
    /// Adds the entries that `entries` gives each time it is called.
    pub(super) fn extend<I: Iterator<Item = (u32, V)>>(&mut self, entries: impl Fn() -> I) {
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

    pub(super) fn get(&self, key: u32) -> impl Iterator<Item = &V> {
        let packed = match self.ranges.get(&key) {
            Some(&(start, end)) => &self.values[start as usize..end as usize],
            None => &[],
        };
        packed
            .iter()
            .chain(self.later.get(&key).into_iter().flatten())
    }
}
