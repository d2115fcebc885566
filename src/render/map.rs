//! `cargo budget-lint map`: every budget the model found and its wiring.

use crate::Report;
use crate::analysis::facts::CodeKind;
use crate::analysis::model::{FieldId, Model};
use crate::analysis::names::Role;

pub fn render(report: &Report) -> String {
    let model = &report.model;
    let mut out = String::new();
    let mut pairings: Vec<_> = model.pairings.iter().collect();
    pairings.sort_by_key(|p| model.fields[p.counter].span);
    if pairings.is_empty() {
        out.push_str("no budgets found\n");
        return out;
    }
    out.push_str(&format!(
        "{:<40} {:<40} {:>11} {:>11} {:>11} {:>11}\n",
        "counter", "limit", "spend prod", "spend test", "check prod", "check test"
    ));
    for pairing in pairings {
        let counter = pairing.counter;
        let limit = match (&model.fields[counter].role, pairing.limits.as_slice()) {
            (Role::Countdown { .. }, _) => "(zero)".to_string(),
            (_, []) => "(none)".to_string(),
            (_, limits) => limits
                .iter()
                .map(|&l| model.field_path(l))
                .collect::<Vec<_>>()
                .join(", "),
        };
        let uses = &model.uses[counter];
        let (check_prod, check_test) =
            count_checks(model, counter, &pairing.limits, pairing.countdown);
        let file = &report.db.get(model.fields[counter].span.file);
        let line = file.location(model.fields[counter].span.start).line;
        out.push_str(&format!(
            "{:<40} {:<40} {:>11} {:>11} {:>11} {:>11}  {}:{}\n",
            model.field_path(counter),
            limit,
            uses.production_spends.len() + uses.uncertain_spends,
            uses.test_writes.len(),
            check_prod,
            check_test,
            file.display,
            line
        ));
    }
    out
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
