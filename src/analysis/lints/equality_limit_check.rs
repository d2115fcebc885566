//! BL006: a counter that grows by non-unit or float steps is checked
//! against its limit only with `==`/`!=`, so it can jump past.

use super::field_finding;
use crate::analysis::facts::CompareOp;
use crate::analysis::model::{Model, RoleEvidence, SpendSite};
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
        let field = &model.fields[counter];
        // A field that is a counter only because it is compared, and is
        // only ever assigned, may be an id or a position that wraps at the
        // limit on purpose: it must step to count.
        if field.evidence == RoleEvidence::Comparison && model.uses[counter].steps == 0 {
            continue;
        }
        let checks = model.enforcing_checks(pairing);
        if checks.is_empty() || checks.iter().any(|c| c.op != CompareOp::Equality) {
            continue;
        }
        let uses = &model.uses[counter];
        let floating = field.ty.idents.iter().any(|t| t == "f32" || t == "f64");
        // A countdown assigned another value is refilled or copied, which
        // moves it away from zero: only its decreases step towards it.
        let uneven = |site: &&SpendSite| {
            (site.step || !pairing.countdown)
                && site.amount.as_deref().is_some_and(|amount| !is_one(amount))
        };
        let uneven_steps: Vec<&SpendSite> = uses.spend_sites.iter().filter(uneven).collect();
        let stepping: Vec<&SpendSite> = if floating {
            uses.spend_sites
                .iter()
                .filter(|site| site.step || !pairing.countdown)
                .collect()
        } else {
            uneven_steps
        };
        if stepping.is_empty() {
            continue;
        }
        // A method that compares its own fields is checked once where it
        // compares them, not again at every call through its receiver.
        let checks = if checks.iter().any(|c| !c.through_helper) {
            checks.into_iter().filter(|c| !c.through_helper).collect()
        } else {
            checks
        };
        let step = if floating { "float" } else { "non-unit" };
        let moves = if pairing.countdown {
            "shrinks"
        } else {
            "grows"
        };
        for check in checks {
            let mut finding = field_finding(
                LintId::EqualityLimitCheck,
                model,
                counter,
                format!(
                    "`{}` {moves} by {step} steps but is checked only for equality, so it can jump past its limit",
                    model.field_path(counter)
                ),
                "an equality check misses every value it steps over".to_string(),
            );
            finding.primary = check.span;
            for site in stepping.iter().take(3) {
                finding.related.push(Related {
                    span: site.span,
                    message: format!("spent by {step} steps here"),
                });
            }
            finding
                .notes
                .push("compare with `>=` (or `<=` for a countdown) instead".to_string());
            if !pairing.countdown {
                finding.fix = Some(Fix::Ordering {
                    comparison: check.span,
                    counter,
                });
            }
            findings.push(finding);
        }
    }
    findings
}

/// Whether an amount's source text is the integer one, with or without a
/// type suffix (`1`, `1u32`, `1_usize`).
fn is_one(amount: &str) -> bool {
    let digits: String = amount
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '_')
        .collect();
    let suffix = &amount.trim()[digits.len()..];
    let integer_suffix = suffix.is_empty()
        || [
            "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        ]
        .contains(&suffix);
    digits.trim_matches('_') == "1" && integer_suffix
}

#[cfg(test)]
mod tests {
    use super::is_one;

    #[test]
    fn unit_steps_are_recognized_with_suffixes() {
        assert!(is_one("1") && is_one("1u32") && is_one("1_usize") && is_one(" 1 "));
        assert!(
            !is_one("2") && !is_one("10") && !is_one("cost") && !is_one("1.0") && !is_one("11")
        );
    }
}
