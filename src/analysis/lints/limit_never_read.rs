//! BL003: production code reads other fields of a struct but never this
//! limit, so configuring it has no effect.

use super::field_finding;
use crate::analysis::model::Model;
use crate::diagnostic::{Finding, Fix, Related};
use crate::registry::LintId;

use super::demand::{Demand, Tier};

/// What the pass reads: every read of a limit nothing is known to read
/// yet, and the budget fields its note and fix name; then, beside a limit
/// nothing reads, the reads of its struct's other fields, which make the
/// struct a budget (unless BL003 exempts it).
pub(super) fn demand(model: &Model, tier: Tier, demand: &mut Demand) {
    if tier == Tier::Pairing {
        demand.budget_fields(model);
        return;
    }
    // Each struct's fields once, however many of its limits nothing reads.
    let mut owners = std::collections::BTreeSet::new();
    for (id, field) in model.fields.enumerate() {
        if model.is_unread_limit(id) && owners.insert(field.owner) {
            for &sibling in &model.structs[field.owner].fields {
                demand.certain_access(&model.fields[sibling]);
            }
        }
    }
}

pub(super) fn run(model: &Model) -> Vec<Finding> {
    let mut findings = Vec::new();
    for limit in model.fields.ids() {
        let Some(read_siblings) = model.read_siblings_of_unread(limit) else {
            continue;
        };
        let owner = model.struct_of(limit);
        let mut finding = field_finding(
            LintId::LimitNeverRead,
            model,
            limit,
            format!(
                "limit `{}` is never read by production code",
                model.field_path(limit)
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
                    model.field_path(counter)
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
