//! BL005: a counter is compared with the limit of a different dimension
//! (`tokens_used >= max_turns`).

use super::field_finding;
use crate::analysis::facts::CompareOp;
use crate::analysis::model::{Check, FieldId, Model};
use crate::analysis::names::Role;
use crate::diagnostic::{Finding, Fix, Related};
use crate::registry::LintId;

use super::demand::{Demand, Tier};

/// What the pass reads: the budget fields' spends, reads and checks; then
/// every comparison of a limit that a counter of another dimension is
/// compared with, which may show it bounding a quantity of its own.
pub(super) fn demand(model: &Model, tier: Tier, demand: &mut Demand) {
    if tier == Tier::Pairing {
        demand.budget_fields(model);
        return;
    }
    for check in model.checks.iter().filter(|c| c.enforces()) {
        for (counter_side, limit_side) in [(0, 1), (1, 0)] {
            for &counter in &check.sides[counter_side] {
                let Role::CountUp { stem } = &model.fields[counter].role else {
                    continue;
                };
                let Some(pairing) = model.pairing_of(counter) else {
                    continue;
                };
                for &limit in &check.sides[limit_side] {
                    let other_dimension = matches!(
                        &model.fields[limit].role,
                        Role::Limit { stem: limit_stem } if limit_stem != stem
                    );
                    if other_dimension
                        && !pairing.limits.is_empty()
                        && !pairing.limits.contains(&limit)
                    {
                        demand.every_access(model, limit);
                    }
                }
            }
        }
    }
}

pub(super) fn run(model: &Model) -> Vec<Finding> {
    let mut findings = Vec::new();
    // A comparison two helpers down compares what the code in between
    // computed from the fields passed in (an entry built from a depth, its
    // file's size), not the fields themselves: too weak to call the limit
    // wrong.
    let direct = |c: &&Check| c.enforces() && !c.through_nested_helpers;
    for check in model.checks.iter().filter(direct) {
        let budget_fields = |side: usize| -> Vec<FieldId> {
            check.sides[side]
                .iter()
                .copied()
                .filter(|&f| {
                    matches!(
                        model.fields[f].role,
                        Role::CountUp { .. } | Role::Limit { .. }
                    )
                })
                .collect()
        };
        for (counter_side, limit_side) in [(0, 1), (1, 0)] {
            let (&[counter], &[limit]) = (
                budget_fields(counter_side).as_slice(),
                budget_fields(limit_side).as_slice(),
            ) else {
                continue;
            };
            let (Role::CountUp { stem: counter_stem }, Role::Limit { stem: limit_stem }) =
                (&model.fields[counter].role, &model.fields[limit].role)
            else {
                continue;
            };
            let Some(pairing) = model.pairing_of(counter) else {
                continue;
            };
            // A number compared with a duration, or clamped with `min`, is
            // computed from the counter, not the counter held to a limit.
            let same_unit =
                model.fields[counter].ty.is_duration() == model.fields[limit].ty.is_duration();
            if counter_stem == limit_stem
                || pairing.limits.contains(&limit)
                || pairing.limits.is_empty()
                || !same_unit
                || check.op == CompareOp::Method
            {
                continue;
            }
            // One counter may have two limits (a hard cap and a soft
            // trigger): the comparison is a mistake only when the counter's
            // own limits are never compared with it, or the limit it is
            // compared with also bounds another quantity, of its own
            // dimension (`batch.len() >= batch_item_limit` beside
            // `current_size >= batch_item_limit`).
            let own_compared = !model
                .checks_relating(counter, &pairing.limits, false)
                .is_empty();
            let own_compared_for_certain = model.checks_of(counter).any(|c| {
                c.enforces()
                    && (0..2).any(|i| {
                        c.sides[i].contains(&counter)
                            && pairing
                                .limits
                                .iter()
                                .any(|l| c.sides[1 - i].contains(l) || c.sides[i].contains(l))
                    })
            });
            if own_compared
                && !(own_compared_for_certain
                    && bounds_another_quantity(model, check, counter, limit))
            {
                continue;
            }
            // The limit belongs to another counter, or the counter's own
            // limit is read nowhere: the comparison took one for the other.
            // (When the counter's own limit is compared with it, the
            // pairing is evidence enough, checked above.)
            let bounds_another = own_compared_for_certain
                || model.pairings_bounding(limit).any(|p| p.counter != counter);
            let own_unread = pairing
                .limits
                .iter()
                .all(|&l| !model.is_read_in_production(l));
            if !bounds_another && !own_unread {
                continue;
            }
            let right_limit = pairing.limits[0];
            let mut finding = field_finding(
                LintId::MismatchedLimit,
                model,
                counter,
                format!(
                    "`{}` is compared with `{}`, the limit of another dimension",
                    model.field_path(counter),
                    model.field_path(limit)
                ),
                format!(
                    "compares `{}` with `{}`",
                    model.fields[counter].name, model.fields[limit].name
                ),
            );
            finding.primary = check.span;
            finding.related.push(Related {
                span: model.fields[right_limit].span,
                message: format!(
                    "`{}` is the limit of `{}`",
                    model.fields[right_limit].name, model.fields[counter].name
                ),
            });
            finding.notes.push(format!(
                "compare `{}` with `{}` instead",
                model.fields[counter].name, model.fields[right_limit].name
            ));
            finding.fix = Some(Fix::RightLimit {
                comparison: check.span,
                wrong: limit,
                right: right_limit,
            });
            findings.push(finding);
        }
    }
    findings
}

/// Whether another comparison holds `limit` to a quantity that is neither
/// `counter` nor another limit (a length, a counter of its own dimension).
fn bounds_another_quantity(model: &Model, check: &Check, counter: FieldId, limit: FieldId) -> bool {
    model.checks_of(limit).any(|other| {
        !std::ptr::eq(other, check)
            && other.enforces()
            && (0..2).any(|i| {
                other.sides[i].contains(&limit)
                    && !other.possible[1 - i].contains(&counter)
                    && other.possible[1 - i]
                        .iter()
                        .all(|&f| !matches!(model.fields[f].role, Role::Limit { .. }))
            })
    })
}
