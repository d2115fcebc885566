//! BL003: production code reads other fields of a struct but never this
//! limit, so configuring it has no effect.

use super::{Finding, Fix, Related, field_path, lint};
use crate::model::{FieldId, Model};
use crate::names::Role;

/// Whether `field` is a limit that BL003 reports as soon as production code
/// reads another field of its struct: production code never reads it, and
/// its struct is neither test code nor handed to others.
pub fn is_unread_limit(model: &Model, field: FieldId) -> bool {
    if !matches!(
        model.fields[field].role,
        Role::Limit { .. } | Role::TimeLimit
    ) {
        return false;
    }
    let owner = model.struct_of(field);
    !owner.code.is_test() && !owner.handed_to_others() && !model.is_read_in_production(field)
}

/// The fields of the limit's struct that production code reads, when the
/// limit itself is never read and the struct is a budget (BL003 fires).
pub fn read_siblings_of_unread(model: &Model, limit: FieldId) -> Option<Vec<FieldId>> {
    if !is_unread_limit(model, limit) {
        return None;
    }
    let owner = model.struct_of(limit);
    // A struct none of whose fields production code reads is data handed
    // to callers, not a budget.
    let read_siblings: Vec<_> = owner
        .fields
        .iter()
        .copied()
        .filter(|&f| f != limit && !model.uses[f].production_reads.is_empty())
        .collect();
    (!read_siblings.is_empty()).then_some(read_siblings)
}

pub fn run(model: &Model) -> Vec<Finding> {
    let mut findings = Vec::new();
    for limit in 0..model.fields.len() {
        let Some(read_siblings) = read_siblings_of_unread(model, limit) else {
            continue;
        };
        let owner = model.struct_of(limit);
        let mut finding = Finding::new(
            lint("BL003"),
            model,
            limit,
            format!(
                "limit `{}` is never read by production code",
                field_path(model, limit)
            ),
            "setting this limit has no effect".to_string(),
        );
        for &sibling in read_siblings.iter().take(3) {
            finding.related.push(Related {
                span: model.uses[sibling].production_reads[0],
                message: format!("`{}` is read here", model.fields[sibling].name),
            });
        }
        let counter = model
            .pairings
            .iter()
            .find(|p| p.limits.contains(&limit))
            .map(|p| p.counter);
        match counter {
            Some(counter) => {
                finding.notes.push(format!(
                    "`{}` is the counter this limit should bound",
                    field_path(model, counter)
                ));
                finding.fix = Some(Fix::Check {
                    counter,
                    limit,
                    function: None,
                });
            }
            None => {
                let names: Vec<String> = read_siblings
                    .iter()
                    .map(|&f| format!("`{}`", model.fields[f].name))
                    .collect();
                finding.notes.push(format!(
                    "production code reads {} of `{}`, but nothing reads this option",
                    names.join(", "),
                    owner.name
                ));
            }
        }
        findings.push(finding);
    }
    findings
}
