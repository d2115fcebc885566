//! The lints: each a function from the model to findings, beside the
//! demand that tells the prefilter what it reads.

mod checked_never_incremented;
mod equality_limit_check;
mod incremented_never_checked;
mod limit_never_read;
mod mismatched_limit;
mod uneven_check_coverage;

use crate::analysis::model::{FieldId, Model};
use crate::diagnostic::{Finding, sort};
use crate::registry::{LINTS, LintId};

/// A lint's pass over the model.
type Pass = fn(&Model) -> Vec<Finding>;

/// The pass of a lint; `None` for BL100, which the suppression stage
/// reports after every other lint has run.
fn pass(id: LintId) -> Option<Pass> {
    match id {
        LintId::CheckedNeverIncremented => Some(checked_never_incremented::run),
        LintId::IncrementedNeverChecked => Some(incremented_never_checked::run),
        LintId::LimitNeverRead => Some(limit_never_read::run),
        LintId::UnevenCheckCoverage => Some(uneven_check_coverage::run),
        LintId::MismatchedLimit => Some(mismatched_limit::run),
        LintId::EqualityLimitCheck => Some(equality_limit_check::run),
        LintId::UnusedSuppression => None,
    }
}

/// Runs every lint and orders the findings by location, then code.
pub fn run_all(model: &Model) -> Vec<Finding> {
    let mut findings: Vec<Finding> = LINTS
        .iter()
        .filter_map(|lint| pass(lint.id))
        .flat_map(|run| run(model))
        .collect();
    sort(&mut findings);
    findings.dedup_by(|a, b| a.primary == b.primary && a.lint.code == b.lint.code);
    for finding in &mut findings {
        finding.related.sort_by_key(|r| r.span);
        finding.related.dedup_by(|a, b| a.span == b.span);
    }
    findings
}

/// A finding of `lint` at a field's declaration, about that field.
fn field_finding(
    lint: LintId,
    model: &Model,
    field: FieldId,
    message: String,
    label: String,
) -> Finding {
    let info = &model.fields[field];
    let subject = (model.struct_of(field).name.clone(), info.name.clone());
    Finding::at(lint.lint(), info.span, message, label, subject)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lint_but_the_suppression_lint_has_a_pass() {
        for id in LintId::ALL {
            assert_eq!(
                pass(id).is_none(),
                id == LintId::UnusedSuppression,
                "{id:?}"
            );
        }
    }
}
