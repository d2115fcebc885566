//! Questions about the model that more than one stage asks: the lints,
//! the suggestions, and the demands the prefilter reads. Each answer is a
//! pure function of the model.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::analysis::facts::Span;
use crate::analysis::names::Role;

use super::{FieldId, Model, Pairing};

impl Model {
    /// The names of the counters and limits: the fields whose comparisons
    /// inside helper functions the model traces.
    pub fn budget_field_names(&self) -> HashSet<&str> {
        self.fields
            .iter()
            .filter(|f| f.role != Role::Other)
            .map(|f| f.name.as_str())
            .collect()
    }

    /// `Struct::field`, as findings name fields.
    pub fn field_path(&self, field: FieldId) -> String {
        format!(
            "{}::{}",
            self.struct_of(field).name,
            self.fields[field].name
        )
    }

    /// Whether `field` is a limit that BL003 reports as soon as production code
    /// reads another field of its struct: production code never reads it, and
    /// its struct is neither test code nor handed to others.
    pub fn is_unread_limit(&self, field: FieldId) -> bool {
        if !matches!(
            self.fields[field].role,
            Role::Limit { .. } | Role::TimeLimit
        ) {
            return false;
        }
        let owner = self.struct_of(field);
        !owner.code.is_test() && !owner.handed_to_others() && !self.is_read_in_production(field)
    }

    /// The fields of the limit's struct that production code reads, when the
    /// limit itself is never read and the struct is a budget (BL003 fires).
    pub fn read_siblings_of_unread(&self, limit: FieldId) -> Option<Vec<FieldId>> {
        if !self.is_unread_limit(limit) {
            return None;
        }
        // A struct none of whose fields production code reads is data handed
        // to callers, not a budget.
        let read_siblings: Vec<_> = self
            .read_fields(self.fields[limit].owner)
            .iter()
            .copied()
            .filter(|&f| f != limit)
            .collect();
        (!read_siblings.is_empty()).then_some(read_siblings)
    }

    /// The pairing of `counter`: the first of the pairings whose counter
    /// it is.
    pub fn pairing_of(&self, counter: FieldId) -> Option<&Pairing> {
        let &index = self.pairing_of.get(&counter)?;
        self.pairings.get(index)
    }

    /// The pairings whose limits hold `limit`, in the order of the
    /// pairings.
    pub fn pairings_bounding(&self, limit: FieldId) -> impl Iterator<Item = &Pairing> {
        let indexes = self
            .pairings_bounding
            .get(&limit)
            .map_or(&[][..], Vec::as_slice);
        indexes.iter().filter_map(|&index| self.pairings.get(index))
    }

    /// The counters production code spends, by stem, with their first
    /// spend site, in the order of the pairings: a counter's parallel
    /// trackers are the others of its stem. Built once for all counters,
    /// so that many counters of one stem cost linear time.
    pub fn spent_counters_by_stem(&self) -> HashMap<&str, Vec<(FieldId, Span)>> {
        let mut by_stem: HashMap<&str, Vec<(FieldId, Span)>> = HashMap::default();
        for pairing in &self.pairings {
            let counter = pairing.counter;
            let (Some(stem), Some(&span)) = (
                self.stem(counter),
                self.uses[counter].production_spends.first(),
            ) else {
                continue;
            };
            by_stem.entry(stem).or_default().push((counter, span));
        }
        by_stem
    }
}
