//! What a lint must see to be exact: the contract between the rules and
//! the prefilter. Each lint declares, beside its pass, the accesses its
//! findings and suggestions are made of, as a function of the model of
//! the files parsed so far; the prefilter parses whatever may hold such an
//! access and asks again, until the demand is met. A demand that misses
//! something its lint reads makes the output depend on the prefilter,
//! which the per-lint tests below and `tests/robustness.rs` catch.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::analysis::model::{FieldId, FieldInfo, Model, StructId};
use crate::analysis::names::{self, Role};

/// How far the analysis has got when a demand is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    /// Asked in every round: what decides which fields are counters and
    /// limits, how they pair, and where they are spent and checked.
    Pairing,
    /// Asked once the pairing tier wants nothing more, of a model whose
    /// helper functions are traced: the evidence of candidate findings.
    Evidence,
}

/// The accesses that can change a finding or a suggestion, by field name.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Demand {
    /// Names whose every access counts, resolved to a field or not.
    pub every: HashSet<String>,
    /// Names whose accesses count when they resolve for certain to a field
    /// of one of these structs (a typed receiver, or the only struct that
    /// declares the name).
    pub certain: HashMap<String, HashSet<StructId>>,
    /// Names whose accesses count when they go through a receiver typed as
    /// one of these structs itself (`self.limit` in its `impl`, a parameter
    /// of its type), in files that name the struct.
    pub own: HashMap<String, HashSet<StructId>>,
    /// Fields whose spent amounts a suggestion follows out of the functions
    /// that spend them, through returned values and `let` bindings
    /// (`suggest::flow`).
    pub amounts: HashSet<String>,
    /// Identifiers whose every mention counts, whatever it names (an enum
    /// variant a suggestion returns): the files that mention one are
    /// parsed whole.
    pub mentions: HashSet<String>,
    /// Functions and methods whose every definition counts (the builder
    /// method a suggestion calls), by name.
    pub definitions: HashSet<String>,
    /// Whether [`Demand::budget_fields`] was added: every lint asks for it,
    /// and it is the same for one model.
    budget_fields_added: bool,
}

impl Demand {
    /// Every access of the field's name counts, and every call of its
    /// getters.
    pub fn every_access(&mut self, model: &Model, field: FieldId) {
        let info = &model.fields[field];
        self.every.insert(info.name.clone());
        self.every
            .extend(model.getters_of(field).map(str::to_string));
    }

    /// The accesses that resolve for certain to the field count, through its
    /// getters too. None does when a struct of the same name declares a
    /// field of the same name: a receiver typed by that name reaches both.
    pub fn certain_access(&mut self, model: &Model, field: FieldId) {
        if !model.may_resolve_for_certain(field) {
            return;
        }
        let info = &model.fields[field];
        let names =
            std::iter::once(info.name.clone()).chain(model.getters_of(field).map(str::to_string));
        for name in names {
            self.certain.entry(name).or_default().insert(info.owner);
        }
    }

    /// The accesses through a receiver of the field's own struct count.
    pub fn own_access(&mut self, model: &Model, field: FieldId) {
        let info = &model.fields[field];
        self.own
            .entry(info.name.clone())
            .or_default()
            .insert(info.owner);
    }

    /// The amounts the field is spent by count, wherever they flow.
    pub fn amounts_of(&mut self, field: &FieldInfo) {
        self.amounts.insert(field.name.clone());
    }

    /// Every mention of the identifier counts.
    pub fn every_mention(&mut self, name: String) {
        self.mentions.insert(name);
    }

    /// Every definition of a function or method of that name counts.
    pub fn definitions_of(&mut self, name: String) {
        self.definitions.insert(name);
    }

    /// Adds what another demand asks for.
    pub fn extend(&mut self, other: Demand) {
        self.every.extend(other.every);
        for (name, structs) in other.certain {
            self.certain.entry(name).or_default().extend(structs);
        }
        for (name, structs) in other.own {
            self.own.entry(name).or_default().extend(structs);
        }
        self.amounts.extend(other.amounts);
        self.mentions.extend(other.mentions);
        self.definitions.extend(other.definitions);
        self.budget_fields_added |= other.budget_fields_added;
    }

    /// What pairing and checking are made of: every read and check of a
    /// limit that bounds a counter, or that nothing is known to read yet
    /// (BL003); and the spends and checks of counters that resolve to them
    /// for certain.
    pub fn budget_fields(&mut self, model: &Model) {
        if std::mem::replace(&mut self.budget_fields_added, true) {
            return;
        }
        let paired: HashSet<FieldId> = model
            .pairings
            .iter()
            .filter(|p| model.fields[p.counter].role != Role::TimeStart)
            .flat_map(|p| p.limits.iter().copied())
            .collect();
        // A counter that no limit bounds, nor can (no limit of its stem and
        // unit is known: `Model::pair` looks no further), is in no finding,
        // whatever its accesses.
        let bounded: HashSet<FieldId> = model
            .pairings
            .iter()
            .filter(|p| !p.limits.is_empty())
            .map(|p| p.counter)
            .collect();
        let limit_stems: HashSet<(&str, bool)> = model
            .fields
            .iter()
            .filter_map(|f| match &f.role {
                Role::Limit { stem } => Some((stem.as_str(), f.ty.is_duration())),
                _ => None,
            })
            .collect();
        for (id, field) in model.fields.enumerate() {
            // A bare `limit` names no dimension: it bounds only what its
            // own struct's code compares it with (`Model::
            // promote_compared_fields`), read through receivers of that
            // struct.
            if field.ty.is_numeric()
                && names::is_bare_limit(&field.name)
                && model.structs[field.owner].fields.len() <= names::BARE_LIMIT_STRUCT_FIELDS
            {
                self.own_access(model, id);
                continue;
            }
            match &field.role {
                Role::Limit { .. } | Role::TimeLimit
                    if paired.contains(&id) || !model.is_read_in_production(id) =>
                {
                    self.every_access(model, id);
                }
                Role::Limit { .. } | Role::TimeLimit => {}
                // Unless its own struct holds a limit it may be compared
                // with through the struct's receivers (`Model::pair`).
                Role::CountUp { stem }
                    if !bounded.contains(&id)
                        && !limit_stems.contains(&(stem.as_str(), field.ty.is_duration())) =>
                {
                    let beside_a_limit = model.structs[field.owner].fields.iter().any(|&l| {
                        matches!(model.fields[l].role, Role::Limit { .. })
                            && model.fields[l].ty.is_duration() == field.ty.is_duration()
                    });
                    if beside_a_limit {
                        self.own_access(model, id);
                    }
                }
                Role::CountUp { .. } | Role::Countdown { .. } => self.certain_access(model, id),
                // A bare `remaining` counts down when the code decreases it.
                Role::Other if field.ty.is_numeric() && names::is_bare_countdown(&field.name) => {
                    self.certain_access(model, id);
                }
                Role::TimeStart | Role::Other => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::facts::{CodeKind, FileFacts, FileId};
    use crate::config::Config;

    fn pairing_demand(sources: &[&str]) -> Demand {
        let facts: Vec<FileFacts> = sources
            .iter()
            .enumerate()
            .map(|(i, source)| {
                let mut facts =
                    crate::analysis::syntax::extract(source, CodeKind::Production).expect("parses");
                facts.assign_file(FileId::new(i));
                facts
            })
            .collect();
        let model = Model::build(&facts, &Config::default());
        let mut demand = Demand::default();
        demand.budget_fields(&model);
        demand
    }

    const POOL: &str = "pub struct Pool { bytes_used: u64, max_bytes: u64 }
        impl Pool {
            fn take(&mut self, n: u64) -> bool {
                if self.bytes_used + n > self.max_bytes { return false; }
                self.bytes_used += n;
                true
            }
        }";

    #[test]
    fn a_counter_wants_its_certain_accesses() {
        let demand = pairing_demand(&[POOL]);
        assert!(demand.certain.contains_key("bytes_used"));
    }

    #[test]
    fn a_counter_whose_struct_name_is_declared_twice_with_it_wants_no_certain_access() {
        // Every receiver typed `Pool` reaches both `bytes_used` fields: no
        // access resolves to either for certain.
        let demand = pairing_demand(&[POOL, POOL]);
        assert!(!demand.certain.contains_key("bytes_used"));
        assert!(demand.every.contains("max_bytes"));
    }

    #[test]
    fn a_counter_wants_the_calls_of_its_getters_the_syntax_reads() {
        let iter = "pub struct Iter { remaining: usize }
            impl Iter {
                fn step(&mut self) { self.remaining -= 1; }
                fn left(&self) -> usize { self.remaining }
                fn len(&self) -> usize { self.remaining }
            }";
        let demand = pairing_demand(&[iter]);
        assert!(demand.certain.contains_key("remaining"));
        assert!(demand.certain.contains_key("left"));
        // The syntax never reads `x.len()` as a getter call: its mentions
        // cannot change a finding.
        assert!(!demand.certain.contains_key("len"));
    }

    #[test]
    fn a_counter_that_no_known_limit_can_bound_wants_no_certain_access() {
        let stats = "pub struct Stats { bytes_used: u64 }
            impl Stats { fn add(&mut self, n: u64) { self.bytes_used += n; } }";
        assert!(!pairing_demand(&[stats]).certain.contains_key("bytes_used"));
        // A limit of its stem anywhere may bound it, through the functions
        // that touch both.
        let limits = "pub struct Limits { max_bytes: u64 }
            fn cap(l: &Limits) -> u64 { l.max_bytes }";
        assert!(
            pairing_demand(&[stats, limits])
                .certain
                .contains_key("bytes_used")
        );
    }
}
