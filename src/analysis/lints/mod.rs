//! The lints: each a function from the model to findings, beside the
//! demand that tells the prefilter what it reads.

mod checked_never_incremented;
pub mod demand;
mod equality_limit_check;
mod exported_limit_never_read;
mod incremented_never_checked;
mod limit_never_read;
mod mismatched_limit;
mod uneven_check_coverage;

use crate::analysis::model::{FieldId, Model};
use crate::diagnostic::{Finding, sort};
use crate::registry::LintId;

use demand::{Demand, Tier};

/// A lint's rule: its pass over the model, and what the pass reads.
#[derive(Clone, Copy)]
struct Rule {
    run: fn(&Model) -> Vec<Finding>,
    demand: fn(&Model, Tier, &mut Demand),
}

/// The rule of a lint; `None` for BL100, which the suppression stage
/// reports after every other lint has run.
fn rule(id: LintId) -> Option<Rule> {
    let rule = |run, demand| Some(Rule { run, demand });
    use LintId::*;
    match id {
        CheckedNeverIncremented => rule(
            checked_never_incremented::run,
            checked_never_incremented::demand,
        ),
        IncrementedNeverChecked => rule(
            incremented_never_checked::run,
            incremented_never_checked::demand,
        ),
        LimitNeverRead => rule(limit_never_read::run, limit_never_read::demand),
        UnevenCheckCoverage => rule(uneven_check_coverage::run, uneven_check_coverage::demand),
        MismatchedLimit => rule(mismatched_limit::run, mismatched_limit::demand),
        EqualityLimitCheck => rule(equality_limit_check::run, equality_limit_check::demand),
        ExportedLimitNeverRead => rule(
            exported_limit_never_read::run,
            exported_limit_never_read::demand,
        ),
        UnusedSuppression => None,
    }
}

/// What the lints `ids` read of a model at `tier`: the prefilter's input.
pub fn demand_of(ids: &[LintId], model: &Model, tier: Tier) -> Demand {
    let mut demand = Demand::default();
    for rule in ids.iter().filter_map(|&id| rule(id)) {
        (rule.demand)(model, tier, &mut demand);
    }
    demand
}

/// Runs the lints `ids` and orders the findings by location, then code.
pub fn run_only(ids: &[LintId], model: &Model) -> Vec<Finding> {
    let mut findings: Vec<Finding> = ids
        .iter()
        .filter_map(|&id| rule(id))
        .flat_map(|rule| (rule.run)(model))
        .collect();
    // One bug, one finding: a counter compared with the wrong limit is
    // also never compared with its own.
    let mismatched: Vec<(String, String)> = findings
        .iter()
        .filter(|f| f.lint.id == LintId::MismatchedLimit)
        .map(|f| f.subject.clone())
        .collect();
    findings.retain(|f| {
        f.lint.id != LintId::IncrementedNeverChecked || !mismatched.contains(&f.subject)
    });
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
                rule(id).is_none(),
                id == LintId::UnusedSuppression,
                "{id:?}"
            );
        }
    }

    #[test]
    fn bl003_wants_the_fields_beside_an_unread_limit_unless_it_exempts_its_struct() {
        let source = "
            pub struct Plan { pub max_steps: u32, pub name: String }
            #[repr(C)]
            pub struct Header { pub max_len: u32, pub kind: u8 }
            #[derive(serde::Serialize)]
            pub struct Reply { pub max_items: u32, pub total: u32 }
        ";
        let facts =
            crate::analysis::syntax::extract(source, crate::analysis::facts::CodeKind::Production)
                .expect("parses");
        let model = Model::build(&[facts], &crate::config::Config::default());
        let demand = demand_of(&[LintId::LimitNeverRead], &model, Tier::Evidence);
        let mut wanted: Vec<&str> = demand.certain.keys().map(String::as_str).collect();
        wanted.sort_unstable();
        assert_eq!(wanted, ["max_steps", "name"]);
    }
}
