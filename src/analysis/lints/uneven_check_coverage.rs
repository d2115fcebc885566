//! BL004: a function checks two or more dimensions of one budget but skips
//! another dimension of it that production code spends.

use std::collections::{BTreeMap, BTreeSet};

use crate::analysis::facts::{FnRef, Span};
use crate::analysis::model::{FieldId, Model, Pairing, StructId};
use crate::analysis::names::Role;
use crate::diagnostic::{Finding, Fix, Related};
use crate::registry::LintId;

use super::demand::{Demand, Tier};

/// What the pass reads: the budget fields' spends, reads and checks.
pub(super) fn demand(model: &Model, tier: Tier, demand: &mut Demand) {
    if tier == Tier::Pairing {
        demand.budget_fields(model);
    }
}

pub(super) fn run(model: &Model) -> Vec<Finding> {
    // A dimension the gate checks counts when production code spends it, or
    // may spend it in the helper the gate checks it through (`bump(&mut
    // self.tables, self.max_tables, n)`); one it skips is reported only
    // when the spends are in sight.
    let dimensions: Vec<&Pairing> = model
        .pairings
        .iter()
        .filter(|p| matches!(model.fields[p.counter].role, Role::CountUp { .. }))
        .filter(|p| {
            let uses = &model.uses[p.counter];
            !p.limits.is_empty()
                && (!uses.production_spends.is_empty() || uses.uncertain_spends > 0)
        })
        .collect();
    let spent = |p: &Pairing| !model.uses[p.counter].production_spends.is_empty();
    let spent_dimensions: Vec<&Pairing> = dimensions.iter().copied().filter(|p| spent(p)).collect();
    let mut checked: BTreeMap<(&FnRef, StructId), BTreeSet<FieldId>> = BTreeMap::new();
    for check in model.checks.iter().filter(|c| c.enforces()) {
        let Some(function) = &check.function else {
            continue;
        };
        for pairing in &dimensions {
            if (spent(pairing) || check.through_helper)
                && check.relates(pairing.counter, &pairing.limits, true)
            {
                let owner = model.fields[pairing.counter].owner;
                checked
                    .entry((function, owner))
                    .or_default()
                    .insert(pairing.counter);
            }
        }
    }
    let mut findings = Vec::new();
    for ((function, owner), counters) in checked {
        if counters.len() < 2 {
            continue;
        }
        let skipped: Vec<FieldId> = spent_dimensions
            .iter()
            .filter(|p| model.fields[p.counter].owner == owner && !counters.contains(&p.counter))
            .filter(|p| !checked_where_spent(model, p))
            .map(|p| p.counter)
            .collect();
        if skipped.is_empty() {
            continue;
        }
        let budget = &model.structs[owner].name;
        let names = |fields: &mut dyn Iterator<Item = FieldId>| {
            fields
                .map(|f| format!("`{}`", model.fields[f].name))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut finding = Finding {
            lint: LintId::UnevenCheckCoverage.lint(),
            level: LintId::UnevenCheckCoverage.lint().default_level,
            primary: function.span,
            message: format!(
                "`{}` checks {} of `{budget}` but not {}",
                function.name,
                names(&mut counters.iter().copied()),
                names(&mut skipped.iter().copied())
            ),
            label: format!(
                "this function skips {}",
                names(&mut skipped.iter().copied())
            ),
            related: Vec::new(),
            notes: vec![format!(
                "production code spends {}, so this gate lets it run past its limit",
                names(&mut skipped.iter().copied())
            )],
            fix: Some(Fix::Check {
                counter: skipped[0],
                limit: spent_dimensions
                    .iter()
                    .find(|p| p.counter == skipped[0])
                    .map_or(skipped[0], |p| p.limits[0]),
                function: Some(function.clone()),
            }),
            suggestion: None,
            subject: (budget.clone(), function.name.to_string()),
            suppressed: None,
            fingerprint: String::new(),
        };
        for check in model
            .checks
            .iter()
            .filter(|c| c.function.as_ref() == Some(function))
        {
            if counters.iter().any(|&c| check.mentions(c)) {
                finding.related.push(Related {
                    span: check.span,
                    message: "a sibling dimension is checked here".to_string(),
                });
            }
        }
        findings.push(finding);
    }
    findings
}

/// Whether every production spend of a counter is followed, in its
/// function, by a check that holds the counter to its limit: the dimension
/// is enforced where it grows, so a gate elsewhere need not check it (a
/// verifier that adds to its apparent size and compares it at once). A
/// check made before the spends, say once before a loop, is no such
/// check.
fn checked_where_spent(model: &Model, pairing: &Pairing) -> bool {
    let checks: Vec<(Span, Span)> = model
        .checks_of(pairing.counter)
        .filter(|c| c.enforces() && c.relates(pairing.counter, &pairing.limits, true))
        .filter_map(|c| Some((c.function.as_ref()?.span, c.span)))
        .collect();
    let sites = &model.uses[pairing.counter].spend_sites;
    !sites.is_empty()
        && sites.iter().all(|site| {
            site.function.is_some_and(|function| {
                checks.iter().any(|&(f, check)| {
                    f == function && check.file == site.span.file && check.start >= site.span.end
                })
            })
        })
}
