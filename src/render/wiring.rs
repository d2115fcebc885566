//! How a budget is wired, as the pictures and SARIF's code flows draw it:
//! the sites that spend a counter, the checks that compare it with its
//! limits, the parallel trackers that are spent instead, and the edge a
//! finding says is missing.

use crate::Report;
use crate::analysis::facts::{CodeKind, Span};
use crate::analysis::model::{FieldId, Model, Pairing};
use crate::diagnostic::{Finding, Fix};
use crate::registry::LintId;

#[derive(Debug)]
pub struct Wiring {
    pub counter: FieldId,
    /// A countdown's limit is zero: it has no limit field.
    pub countdown: bool,
    pub limits: Vec<FieldId>,
    /// The counter's spends in production code.
    pub spends: Vec<Span>,
    /// The production checks that relate the counter to its limits.
    pub checks: Vec<Span>,
    /// Counters of the same dimension that are spent while this one is
    /// not, each with its production spends.
    pub trackers: Vec<(FieldId, Vec<Span>)>,
    pub missing: Missing,
}

/// The edge a finding says is missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missing {
    None,
    /// BL001: the trackers' amount never reaches the counter; the
    /// suggestion's glue goes after `glue`.
    Spend {
        glue: Option<Span>,
    },
    /// BL002: no check relates the counter to the limit.
    Check {
        limit: FieldId,
    },
}

/// The wiring of one pairing, with the edge the findings of the report
/// say is missing from it.
pub fn of_pairing(report: &Report, pairing: &Pairing) -> Wiring {
    let model = &report.model;
    let counter = pairing.counter;
    let mut wiring = base(model, pairing);
    for finding in report.active() {
        match (&finding.fix, finding.lint.id) {
            (
                Some(Fix::Spend {
                    counter: c,
                    trackers,
                }),
                LintId::CheckedNeverIncremented,
            ) if *c == counter => {
                wiring.trackers = tracker_spends(model, trackers);
                wiring.missing = Missing::Spend {
                    glue: finding.suggestion.as_ref().and_then(|s| s.anchor),
                };
            }
            (
                Some(Fix::Check {
                    counter: c, limit, ..
                }),
                LintId::IncrementedNeverChecked,
            ) if *c == counter => {
                wiring.missing = Missing::Check { limit: *limit };
            }
            _ => {}
        }
    }
    wiring
}

/// The wiring a BL001 or BL002 finding is about; `None` for other lints.
pub fn of_finding(report: &Report, finding: &Finding) -> Option<Wiring> {
    let counter = match (&finding.fix, finding.lint.id) {
        (Some(Fix::Spend { counter, .. }), LintId::CheckedNeverIncremented)
        | (Some(Fix::Check { counter, .. }), LintId::IncrementedNeverChecked) => *counter,
        _ => return None,
    };
    let pairing = report
        .model
        .pairings
        .iter()
        .find(|p| p.counter == counter)?;
    let mut wiring = of_pairing(report, pairing);
    // Only this finding's edge, whatever else the report holds.
    wiring.missing = match &finding.fix {
        Some(Fix::Spend { trackers, .. }) => {
            wiring.trackers = tracker_spends(&report.model, trackers);
            Missing::Spend {
                glue: finding.suggestion.as_ref().and_then(|s| s.anchor),
            }
        }
        Some(Fix::Check { limit, .. }) => Missing::Check { limit: *limit },
        _ => Missing::None,
    };
    Some(wiring)
}

fn base(model: &Model, pairing: &Pairing) -> Wiring {
    let counter = pairing.counter;
    let checks = model
        .enforcing_checks(pairing)
        .into_iter()
        .filter(|c| c.code == CodeKind::Production)
        .map(|c| c.span)
        .collect();
    Wiring {
        counter,
        countdown: pairing.countdown,
        limits: pairing.limits.clone(),
        spends: model.uses[counter].production_spends.clone(),
        checks,
        trackers: Vec::new(),
        missing: Missing::None,
    }
}

fn tracker_spends(model: &Model, trackers: &[FieldId]) -> Vec<(FieldId, Vec<Span>)> {
    trackers
        .iter()
        .map(|&t| (t, model.uses[t].production_spends.clone()))
        .collect()
}
