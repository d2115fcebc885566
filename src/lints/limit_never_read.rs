//! BL003: production code reads other fields of a struct but never this
//! limit, so configuring it has no effect.

use super::{Finding, Fix, Related, field_path, lint};
use crate::model::Model;
use crate::names::Role;

pub fn run(model: &Model) -> Vec<Finding> {
    let mut findings = Vec::new();
    for (limit, field) in model.fields.iter().enumerate() {
        if !matches!(field.role, Role::Limit { .. } | Role::TimeLimit) {
            continue;
        }
        let owner = model.struct_of(limit);
        if owner.code.is_test() || owner.only_serialized() || model.is_read_in_production(limit) {
            continue;
        }
        // A struct none of whose fields production code reads is data
        // handed to callers, not a budget.
        let read_siblings: Vec<_> = owner
            .fields
            .iter()
            .copied()
            .filter(|&f| f != limit && !model.uses[f].production_reads.is_empty())
            .collect();
        if read_siblings.is_empty() {
            continue;
        }
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
