//! BL003: production code reads other fields of a struct but never this
//! limit, so configuring it has no effect.

use super::field_finding;
use crate::analysis::model::Model;
use crate::diagnostic::{Finding, Fix, Related};
use crate::registry::LintId;

pub fn run(model: &Model) -> Vec<Finding> {
    let mut findings = Vec::new();
    for limit in 0..model.fields.len() {
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
