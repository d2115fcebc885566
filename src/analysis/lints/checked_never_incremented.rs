//! BL001: a counter is checked against its limit, but production code never
//! spends it, so the check can never fire.

use super::field_finding;
use crate::analysis::facts::Span;
use crate::analysis::model::{FieldId, Model, RoleEvidence};
use crate::analysis::names::{self, Role};
use crate::diagnostic::{Finding, Fix, Related};
use crate::registry::LintId;
use rustc_hash::FxHashMap as HashMap;

use super::demand::{Demand, Tier};

/// What the pass reads: the budget fields' spends and checks; then, for a
/// counter that is checked but not spent, its every access (its uncertain
/// spends and test writes) and the amounts of its parallel trackers, which
/// the suggestion spends it by.
pub(super) fn demand(model: &Model, tier: Tier, demand: &mut Demand) {
    if tier == Tier::Pairing {
        demand.budget_fields(model);
        return;
    }
    let spent = model.spent_counters_by_stem();
    for pairing in &model.pairings {
        let counter = pairing.counter;
        if !model.uses[counter].production_spends.is_empty()
            || model.enforcing_checks(pairing).is_empty()
        {
            continue;
        }
        demand.every_access(model, counter);
        for (tracker, _) in parallel_trackers(model, &spent, counter) {
            demand.amounts_of(&model.fields[tracker]);
        }
    }
}

/// Other counters of the counter's stem that production code does spend,
/// with their first spend site.
fn parallel_trackers(
    model: &Model,
    spent: &HashMap<&str, Vec<(FieldId, Span)>>,
    counter: FieldId,
) -> Vec<(FieldId, Span)> {
    let Some(stem) = model.stem(counter) else {
        return Vec::new();
    };
    spent
        .get(stem)
        .into_iter()
        .flatten()
        .copied()
        .filter(|&(other, _)| other != counter)
        .collect()
}

pub(super) fn run(model: &Model) -> Vec<Finding> {
    let spent = model.spent_counters_by_stem();
    let mut findings = Vec::new();
    for pairing in &model.pairings {
        let counter = pairing.counter;
        let field = &model.fields[counter];
        if field.role == Role::TimeStart || model.struct_of(counter).code.is_test() {
            continue;
        }
        let uses = &model.uses[counter];
        if !uses.production_spends.is_empty() || uses.uncertain_spends > 0 {
            continue;
        }
        // A counter named only by a limit's stem, or only by a comparison
        // with a limit, may be a plain value (`align` beside `max_align`, an
        // `anchor_line` read from a request): unless it starts at zero or
        // is written besides its initialisation, nothing says it counts.
        // So may a countdown named only by what is available: a capacity
        // the host offers (`num_pkeys_available`), unless something else
        // writes it.
        let weakly_named = model.bare_counters.contains(&counter)
            || model.fields[counter].evidence == RoleEvidence::Comparison
            || (pairing.countdown && names::names_availability(&field.name));
        if weakly_named && uses.test_writes.is_empty() && uses.resets == 0 && uses.zero_inits == 0 {
            continue;
        }
        // A `Copy` value that production code never builds, nor derives a
        // way to build, and whose counter it never resets is a snapshot its
        // users fill (a library's input, handed in by value): they count
        // where they build it, out of the analysis's sight.
        let derives = |name: &str| model.struct_of(counter).derives.iter().any(|d| d == name);
        if derives("Copy")
            && uses.builds == 0
            && uses.resets == 0
            && !derives("Default")
            && !derives("Deserialize")
        {
            continue;
        }
        let checks = model.enforcing_checks(pairing);
        if checks.is_empty() {
            continue;
        }
        let message = if pairing.countdown {
            format!(
                "countdown `{}` is checked but production code never decreases it",
                model.field_path(counter)
            )
        } else {
            format!(
                "`{}` is checked against its limit but production code never increments it",
                model.field_path(counter)
            )
        };
        let mut finding = field_finding(
            LintId::CheckedNeverIncremented,
            model,
            counter,
            message,
            "this counter is never spent, so its check can never fire".to_string(),
        );
        for check in &checks {
            finding.related.push(Related {
                span: check.span,
                message: "checked here".to_string(),
            });
        }
        for &span in &uses.test_writes {
            finding.related.push(Related {
                span,
                message: "written only in test code here".to_string(),
            });
        }
        let trackers = parallel_trackers(model, &spent, counter);
        for &(tracker, span) in &trackers {
            finding.related.push(Related {
                span,
                message: format!(
                    "parallel tracker `{}` is spent here",
                    model.field_path(tracker)
                ),
            });
        }
        if !trackers.is_empty() {
            finding.notes.push(format!(
                "`{}` accumulates the real amount but is never connected to `{}`",
                model.field_path(trackers[0].0),
                model.field_path(counter)
            ));
        }
        finding.fix = Some(Fix::Spend {
            counter,
            trackers: trackers.iter().map(|&(t, _)| t).collect(),
        });
        findings.push(finding);
    }
    findings
}
