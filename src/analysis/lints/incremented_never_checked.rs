//! BL002: a counter is spent and its limit is read, but no check relates
//! the two, so the limit has no teeth.

use super::field_finding;
use crate::analysis::model::{FieldId, Model, RoleEvidence};
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
    let mut findings = Vec::new();
    for pairing in &model.pairings {
        let counter = pairing.counter;
        let Role::CountUp { stem } = &model.fields[counter].role else {
            continue;
        };
        if model.struct_of(counter).code.is_test() || pairing.limits.is_empty() {
            continue;
        }
        let uses = &model.uses[counter];
        if uses.production_spends.is_empty() {
            continue;
        }
        // A counter named only by a limit's stem or a comparison that is
        // only ever assigned may be a plain value (a model's
        // `context_length` copied from a catalogue's `max_context_length`):
        // it must step to count.
        let weakly_named = model.bare_counters.contains(&counter)
            || model.fields[counter].evidence == RoleEvidence::Comparison;
        if weakly_named && uses.steps == 0 {
            continue;
        }
        // BL003 on a limit replaces this finding; a limit nobody reads in a
        // struct BL003 exempts bounds nothing here either.
        if pairing
            .limits
            .iter()
            .any(|&l| model.read_siblings_of_unread(l).is_some())
        {
            continue;
        }
        let read_limits: Vec<_> = pairing
            .limits
            .iter()
            .copied()
            .filter(|&l| model.is_read_in_production(l))
            .collect();
        if read_limits.is_empty() {
            continue;
        }
        // "Never checked" needs every use in sight: a counter read where the
        // syntax cannot tell how (a getter called on a receiver of unknown
        // type counts), and a limit
        // handed to other code or read where the syntax cannot tell how,
        // may meet in a check the analysis does not see.
        if uses.opaque > 0 || uses.uncertain_reads > 0 {
            continue;
        }
        let unseen = |l: FieldId| {
            let limit_uses = &model.uses[l];
            model.handed_off.contains(&l) || limit_uses.opaque > 0 || limit_uses.uncertain_reads > 0
        };
        if read_limits.iter().any(|&l| unseen(l)) {
            continue;
        }
        // Any counter of the dimension checked against these limits enforces
        // them; the others are trackers.
        let dimension: Vec<_> = model
            .pairings
            .iter()
            .map(|p| p.counter)
            .filter(|&c| model.stem(c) == Some(stem.as_str()))
            .collect();
        let enforced = dimension.iter().any(|&c| {
            let countdown = model.pairing_of(c).is_some_and(|p| p.countdown);
            if countdown {
                model
                    .checks
                    .iter()
                    .any(|check| check.enforces() && check.mentions(c))
            } else {
                !model.checks_relating(c, &pairing.limits, false).is_empty()
            }
        });
        if enforced {
            continue;
        }
        let debug_checks: Vec<_> = model
            .checks_of(counter)
            .filter(|c| c.debug_only && c.relates(counter, &pairing.limits, false))
            .collect();
        let limit = read_limits[0];
        let mut finding = field_finding(
            LintId::IncrementedNeverChecked,
            model,
            counter,
            format!(
                "`{}` is incremented but never checked against `{}`",
                model.field_path(counter),
                model.field_path(limit)
            ),
            "this counter is spent but no check compares it with its limit".to_string(),
        );
        for &span in &uses.production_spends {
            finding.related.push(Related {
                span,
                message: "spent here".to_string(),
            });
        }
        finding.related.push(Related {
            span: model.fields[limit].span,
            message: "the limit it should be checked against".to_string(),
        });
        for check in &debug_checks {
            finding.related.push(Related {
                span: check.span,
                message: "only checked by a debug assertion here".to_string(),
            });
        }
        if !debug_checks.is_empty() {
            finding.notes.push(
                "debug assertions are compiled out of release builds, so they enforce nothing there"
                    .to_string(),
            );
        }
        only_logged(model, limit, &mut finding);
        finding.fix = Some(Fix::Check {
            counter,
            limit,
            function: None,
        });
        findings.push(finding);
    }
    findings
}

/// Evidence that a limit is only reported: every production read of it is
/// an argument of a logging or formatting macro.
fn only_logged(model: &Model, limit: FieldId, finding: &mut Finding) {
    let uses = &model.uses[limit];
    let reads = uses.production_reads.len() + uses.uncertain_reads;
    if uses.log_reads == 0 || uses.log_reads != reads {
        return;
    }
    for &span in &uses.production_reads {
        finding.related.push(Related {
            span,
            message: "the limit is only logged here".to_string(),
        });
    }
    finding.notes.push(format!(
        "production code reads `{}` only to log or format it, which stops nothing",
        model.fields[limit].name
    ));
}
