//! `cargo budget-lint map`: every budget the model found and its wiring,
//! as a table or as JSON.

use serde::Serialize;

use super::{Location, locate};
use crate::Report;
use crate::analysis::facts::CodeKind;
use crate::analysis::model::{FieldId, Model};
use crate::analysis::names::Role;

/// One counter and what the model knows of it.
#[derive(Serialize)]
struct Budget {
    counter: String,
    #[serde(rename = "struct")]
    struct_name: String,
    field: String,
    countdown: bool,
    /// The limits that bound it; none for a countdown, whose limit is zero.
    limits: Vec<String>,
    location: Location,
    spends: Counts,
    checks: Counts,
}

#[derive(Serialize)]
struct Counts {
    production: usize,
    test: usize,
}

#[derive(Serialize)]
struct Document {
    schema_version: u32,
    budgets: Vec<Budget>,
}

fn budgets(report: &Report) -> Vec<Budget> {
    let model = &report.model;
    let mut pairings: Vec<_> = model.pairings.iter().collect();
    pairings.sort_by_key(|p| model.fields[p.counter].span);
    pairings
        .into_iter()
        .map(|pairing| {
            let counter = pairing.counter;
            let field = &model.fields[counter];
            let countdown = matches!(field.role, Role::Countdown { .. });
            let uses = &model.uses[counter];
            let (check_prod, check_test) =
                count_checks(model, counter, &pairing.limits, pairing.countdown);
            Budget {
                counter: model.field_path(counter),
                struct_name: model.struct_of(counter).name.clone(),
                field: field.name.clone(),
                countdown,
                limits: if countdown {
                    Vec::new()
                } else {
                    pairing
                        .limits
                        .iter()
                        .map(|&l| model.field_path(l))
                        .collect()
                },
                location: locate(&report.db, field.span),
                spends: Counts {
                    production: uses.production_spends.len() + uses.uncertain_spends,
                    test: uses.test_writes.len(),
                },
                checks: Counts {
                    production: check_prod,
                    test: check_test,
                },
            }
        })
        .collect()
}

pub fn render(report: &Report) -> String {
    let budgets = budgets(report);
    if budgets.is_empty() {
        return "no budgets found\n".to_string();
    }
    let mut out = format!(
        "{:<40} {:<40} {:>11} {:>11} {:>11} {:>11}\n",
        "counter", "limit", "spend prod", "spend test", "check prod", "check test"
    );
    for budget in budgets {
        let limit = match (budget.countdown, budget.limits.as_slice()) {
            (true, _) => "(zero)".to_string(),
            (false, []) => "(none)".to_string(),
            (false, limits) => limits.join(", "),
        };
        out.push_str(&format!(
            "{:<40} {:<40} {:>11} {:>11} {:>11} {:>11}  {}:{}\n",
            budget.counter,
            limit,
            budget.spends.production,
            budget.spends.test,
            budget.checks.production,
            budget.checks.test,
            budget.location.file,
            budget.location.start.line
        ));
    }
    out
}

/// The map as one JSON document, schema version 1 (see README.md).
pub fn render_json(report: &Report) -> String {
    let document = Document {
        schema_version: 1,
        budgets: budgets(report),
    };
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}

fn count_checks(
    model: &Model,
    counter: FieldId,
    limits: &[FieldId],
    countdown: bool,
) -> (usize, usize) {
    let mut production = 0;
    let mut test = 0;
    for check in model.checks_of(counter) {
        let relates = if countdown {
            check.mentions(counter)
        } else {
            check.relates(counter, limits, false)
        };
        if !relates {
            continue;
        }
        match check.code {
            CodeKind::Production => production += 1,
            CodeKind::Test => test += 1,
        }
    }
    (production, test)
}
