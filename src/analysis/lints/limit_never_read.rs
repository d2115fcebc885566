//! BL003: production code reads other fields of a struct but never this
//! limit, so configuring it has no effect.

use super::field_finding;
use std::collections::BTreeSet;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::analysis::model::{FieldId, Model, StructId, variant_names};
use crate::analysis::names::Role;
use crate::diagnostic::{Finding, Fix, Related};
use crate::registry::LintId;

use super::demand::{Demand, Tier};

/// What the pass reads: every read of a limit nothing is known to read
/// yet, and the budget fields its note and fix name; then, beside a limit
/// nothing reads, the reads of its struct's other fields, which make the
/// struct a budget (unless BL003 exempts it). Its suggestion reads the
/// error variants named after such a limit and the definitions of the
/// methods its glue may call ([`Model::glue_methods`]).
pub(super) fn demand(model: &Model, tier: Tier, demand: &mut Demand) {
    if tier == Tier::Pairing {
        demand.budget_fields(model);
        return;
    }
    // Each struct's fields once, however many of its limits nothing reads.
    let mut owners = std::collections::BTreeSet::new();
    let mut consumers = Consumers::default();
    for (id, field) in model.fields.enumerate() {
        if !model.is_unread_limit(id) {
            continue;
        }
        if owners.insert(field.owner) {
            for &sibling in &model.structs[field.owner].fields {
                demand.certain_access(model, sibling);
            }
        }
        // The methods that hand a library's struct out name it in their
        // signatures; they matter where the struct is otherwise BL003's.
        let owner = &model.structs[field.owner];
        if !model.application
            && owner.public
            && field.public
            && !enforces_a_limit(model, field.owner)
            && consumed_by_the_crate(model, id, &mut consumers)
        {
            demand.every_mention(owner.name.clone());
        }
    }
    for limit in model.glue_limits() {
        for name in variant_names(&model.fields[limit].name) {
            demand.every_mention(name);
        }
        for name in model.glue_methods(limit) {
            demand.definitions_of(name);
        }
    }
}

pub(super) fn run(model: &Model) -> Vec<Finding> {
    unread_limits(model, false)
}

/// Names a struct's values go by when they are data passed along (a
/// request, a response, a record) rather than settings the crate obeys.
const DATA_SUFFIXES: &[&str] = &[
    "Request",
    "Response",
    "Reply",
    "Body",
    "Payload",
    "Params",
    "Parameters",
    "Chunk",
    "Delta",
    "Event",
    "Entry",
    "Record",
    "Metadata",
    "Info",
    "Status",
    "Stats",
    "Statistics",
    "Snapshot",
    "Report",
    "Usage",
    "Summary",
];

/// Why a limit nothing reads may still be read by someone: its struct is
/// data that leaves the crate or comes into it (named like a message and
/// serialized), whose receiver or sender enforces the limit. `None` when
/// the crate is the limit's consumer.
pub(super) fn read_elsewhere(
    model: &Model,
    limit: FieldId,
    consumers: &mut Consumers,
) -> Option<String> {
    let owner = model.struct_of(limit);
    let serde = owner
        .derives
        .iter()
        .any(|d| d == "Serialize" || d == "Deserialize");
    // A library's public struct that derives serde is an interchange
    // format: the applications that fill it from their files, or the
    // processes it is sent to, read its public fields.
    let interchange = serde
        && !model.application
        && owner.public
        && model.fields[limit].public
        && model.uses[limit].set_from_values == 0;
    if interchange {
        return Some(format!(
            "`{}` is a public, serialized struct of a library, which never sets `{}`: \
             the application or the process that fills or receives it may read it",
            owner.name, model.fields[limit].name
        ));
    }
    // A library's public field of a public struct that the crate does not
    // consume itself (its other fields are read only beside the
    // declaration: accessors, validation, a conversion) is consumed by the
    // crates that depend on the library, which the analysis does not see.
    let exported = !model.application && owner.public && model.fields[limit].public;
    if exported && !consumed_by_the_crate(model, limit, consumers) {
        return Some(format!(
            "`{}` is a public struct of a library that enforces none of its limits itself: \
             the crates that use the library may read `{}`",
            owner.name, model.fields[limit].name
        ));
    }
    // A struct the crate consumes but hands out, and whose limits it does
    // not enforce itself, is enforced by whoever it is handed to.
    let handed_out = model
        .handed_out_by(model.fields[limit].owner)
        .filter(|_| exported && !enforces_a_limit(model, model.fields[limit].owner));
    if let Some(method) = handed_out {
        return Some(format!(
            "`{}` is a public struct of a library that `{method}` hands to its users: the \
             crates that use the library may read `{}`",
            owner.name, model.fields[limit].name
        ));
    }
    let data_name = DATA_SUFFIXES.iter().any(|s| owner.name.ends_with(s));
    if !data_name {
        return None;
    }
    if serde {
        return Some(format!(
            "`{}` is serialized data that leaves the crate or comes in from outside; whoever \
             receives it may enforce `{}`",
            owner.name, model.fields[limit].name
        ));
    }
    // A report built from other values (statistics, a status), by a
    // struct literal or by assignments, shows a limit kept elsewhere; it is
    // not where the limit is set. A setter taking the value from a caller
    // would make it one.
    let uses = &model.uses[limit];
    let stored = uses.set_from_values - uses.set_from_computed;
    let reported =
        stored == 0 && (uses.fills > 0 || uses.constant_inits > 0 || uses.set_from_computed > 0);
    reported.then(|| {
        format!(
            "`{}` is a report built from other values; the limit it shows is kept and \
             enforced elsewhere",
            owner.name
        )
    })
}

/// Whether the crate itself consumes the limit's struct: a production
/// function that does not build or load it (writes none of its fields)
/// reads another of its fields, or enforces another limit against a value from
/// outside the struct (as opposed to validating two of its limits against
/// each other). The methods of a struct whose fields are all public are
/// accessors of data its users read directly, unless they enforce.
fn consumed_by_the_crate(model: &Model, limit: FieldId, consumers: &mut Consumers) -> bool {
    let owner = model.fields[limit].owner;
    consumers
        .entry(owner)
        .or_insert_with(|| consuming_fields(model, owner))
        .iter()
        .any(|&f| f != limit)
}

/// The struct's fields that show the crate consuming it, two at most:
/// whichever limit is asked about, one of them is another field.
fn consuming_fields(model: &Model, owner: StructId) -> Vec<FieldId> {
    let info = &model.structs[owner];
    let writers: HashSet<_> = info
        .fields
        .iter()
        .flat_map(|&f| &model.uses[f].writing_functions)
        .collect();
    let data = info.fields.iter().all(|&f| model.fields[f].public);
    info.fields
        .iter()
        .copied()
        .filter(|&field| {
            let uses = &model.uses[field];
            let reads_elsewhere = uses
                .reading_functions
                .iter()
                .any(|function| !writers.contains(function));
            reads_elsewhere || (!data && uses.own_reads > 0) || enforced(model, field)
        })
        .take(2)
        .collect()
}

/// Whether the crate enforces the limit: compares it with a value from
/// outside its struct (as opposed to validating two of its limits against
/// each other).
fn enforced(model: &Model, field: FieldId) -> bool {
    let owner = model.fields[field].owner;
    let outside = |side: &BTreeSet<FieldId>| side.iter().all(|&f| model.fields[f].owner != owner);
    matches!(model.fields[field].role, Role::Limit { .. })
        && model.checks_of(field).any(|check| {
            check.enforces()
                && (0..2)
                    .any(|i| check.sides[i].contains(&field) && outside(&check.possible[1 - i]))
        })
}

/// Whether the crate enforces one of the struct's limits.
fn enforces_a_limit(model: &Model, owner: StructId) -> bool {
    model.structs[owner]
        .fields
        .iter()
        .any(|&field| enforced(model, field))
}

/// The fields that show the crate consuming each struct asked about.
type Consumers = HashMap<StructId, Vec<FieldId>>;

/// The findings about limits nothing reads: those the crate alone
/// consumes (BL003), or those that may be read elsewhere (BL007).
pub(super) fn unread_limits(model: &Model, elsewhere: bool) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut consumers = Consumers::default();
    for limit in model.fields.ids() {
        // A deprecated limit is kept so that old code still compiles; that
        // it does nothing is what its attribute says.
        if model.fields[limit].deprecated {
            continue;
        }
        let Some(read_siblings) = model.read_siblings_of_unread(limit) else {
            continue;
        };
        let reason = read_elsewhere(model, limit, &mut consumers);
        if reason.is_some() != elsewhere {
            continue;
        }
        let owner = model.struct_of(limit);
        let lint = if elsewhere {
            LintId::ExportedLimitNeverRead
        } else {
            LintId::LimitNeverRead
        };
        let (message, label) = if elsewhere {
            (
                format!(
                    "limit `{}` is never read by the code analysed",
                    model.field_path(limit)
                ),
                "nothing here reads this limit".to_string(),
            )
        } else {
            (
                format!(
                    "limit `{}` is never read by production code",
                    model.field_path(limit)
                ),
                "setting this limit has no effect".to_string(),
            )
        };
        let mut finding = field_finding(lint, model, limit, message, label);
        for &sibling in read_siblings.iter().take(3) {
            finding.related.push(Related {
                span: model.uses[sibling].production_reads[0],
                message: format!("`{}` is read here", model.fields[sibling].name),
            });
        }
        let counter = model.pairings_bounding(limit).next().map(|p| p.counter);
        match counter {
            Some(counter) => {
                finding.notes.push(format!(
                    "`{}` is the counter this limit should bound",
                    model.field_path(counter)
                ));
                finding.fix = Some(Fix::Check {
                    counter,
                    limit,
                    function: None,
                });
            }
            None => {
                let names: Vec<String> = read_siblings
                    .iter()
                    .map(|&f| format!("`{}`", model.fields[f].name))
                    .collect();
                finding.notes.push(format!(
                    "production code reads {} of `{}`, but nothing reads this option",
                    names.join(", "),
                    owner.name
                ));
                if !elsewhere {
                    finding.fix = Some(Fix::UseLimit { limit });
                }
            }
        }
        finding.notes.extend(reason);
        findings.push(finding);
    }
    findings
}
