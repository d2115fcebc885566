//! The limits each struct declares, by the stems a counter looks them up
//! with, so that pairing a struct of many counters and limits costs linear
//! time rather than a scan of the struct's fields per counter.

use rustc_hash::FxHashMap as HashMap;

use crate::analysis::names::{Role, stem_narrows};

use super::{FieldId, Model, StructId};

/// Every list keeps the order of the struct's fields.
#[derive(Default)]
pub(super) struct StructLimits<'a> {
    /// The limits of a struct whose stem is the key.
    by_stem: HashMap<(StructId, &'a str), Vec<FieldId>>,
    /// The limits of a struct whose stem qualifies the key: `batch_size`
    /// under `size`, as [`crate::analysis::names::stem_narrows`] tells.
    by_narrowed_stem: HashMap<(StructId, &'a str), Vec<FieldId>>,
    /// The time limits of a struct.
    time_limits: HashMap<StructId, Vec<FieldId>>,
}

impl<'a> StructLimits<'a> {
    pub(super) fn new(model: &'a Model) -> StructLimits<'a> {
        let mut limits = StructLimits::default();
        for (owner, info) in model.structs.enumerate() {
            for &field in &info.fields {
                match &model.fields[field].role {
                    Role::Limit { stem } => {
                        limits
                            .by_stem
                            .entry((owner, stem.as_str()))
                            .or_default()
                            .push(field);
                        for wide in narrowed_stems(stem) {
                            limits
                                .by_narrowed_stem
                                .entry((owner, wide))
                                .or_default()
                                .push(field);
                        }
                    }
                    Role::TimeLimit => limits.time_limits.entry(owner).or_default().push(field),
                    _ => {}
                }
            }
        }
        limits
    }

    /// The limits of `owner` whose stem is `stem`.
    pub(super) fn of_stem(&self, owner: StructId, stem: &'a str) -> &[FieldId] {
        self.by_stem.get(&(owner, stem)).map_or(&[], Vec::as_slice)
    }

    /// The limits of `owner` whose stem qualifies `stem`.
    pub(super) fn narrowing(&self, owner: StructId, stem: &'a str) -> &[FieldId] {
        self.by_narrowed_stem
            .get(&(owner, stem))
            .map_or(&[], Vec::as_slice)
    }

    /// The time limits of `owner`.
    pub(super) fn time_limits(&self, owner: StructId) -> &[FieldId] {
        self.time_limits.get(&owner).map_or(&[], Vec::as_slice)
    }
}

/// The stems that `narrow` qualifies: what follows each of its underscores,
/// as far as [`stem_narrows`] agrees.
fn narrowed_stems(narrow: &str) -> impl Iterator<Item = &str> {
    narrow
        .match_indices('_')
        .map(move |(at, _)| &narrow[at + 1..])
        .filter(move |wide| stem_narrows(narrow, wide))
}

#[cfg(test)]
mod tests {
    use super::{narrowed_stems, stem_narrows};

    const STEMS: [&str; 10] = [
        "batch_size",
        "a_b_c",
        "b_c",
        "size",
        "trailing_",
        "_lead",
        "lead",
        "a__b",
        "_b",
        "",
    ];

    #[test]
    fn narrowed_stems_are_the_stems_a_name_narrows() {
        for narrow in STEMS {
            let listed: Vec<&str> = narrowed_stems(narrow).collect();
            for wide in STEMS {
                assert_eq!(
                    listed.contains(&wide),
                    stem_narrows(narrow, wide),
                    "{narrow} over {wide}"
                );
            }
        }
    }
}
