//! Where the amount a parallel tracker records is in hand: follows the
//! tracker's spend amount out of its function through returned values and
//! `let` bindings, to a function from which the budget is reachable.

use std::collections::{BTreeSet, VecDeque};

use crate::analysis::facts::{FnDef, Shape, Span};
use crate::analysis::model::{FieldId, Model, StructId};

/// How many functions the amount may pass through.
const DEPTH: usize = 4;
/// How many fields the chain from a receiver to the budget may step through.
pub const PATH_DEPTH: usize = 3;

/// A place to spend the counter: after `after`, `receiver.counter += amount`.
pub struct GlueSite {
    pub tracker: FieldId,
    pub receiver: String,
    pub amount: String,
    pub after: Span,
}

/// A value in a function that holds the tracked amount: a local, or an
/// element of the tuple the function returns.
struct Carrier {
    /// The function, by its name's span.
    function: Span,
    /// The local holding the amount inside `function`.
    local: String,
    /// The statement after which the local is in scope.
    after: Span,
}

pub fn glue_site(model: &Model, counter: FieldId, trackers: &[FieldId]) -> Option<GlueSite> {
    let target = model.fields[counter].owner;
    for &tracker in trackers {
        for site in &model.uses[tracker].spend_sites {
            let (Some(function), Some(amount)) = (site.function, &site.amount) else {
                continue;
            };
            if !is_identifier(amount) {
                continue;
            }
            let start = Carrier {
                function,
                local: amount.clone(),
                after: site.span,
            };
            if let Some((receiver, carrier)) = follow(model, target, start) {
                return Some(GlueSite {
                    tracker,
                    receiver,
                    amount: carrier.local,
                    after: carrier.after,
                });
            }
        }
    }
    None
}

/// Breadth-first over functions the amount flows into, stopping at the
/// first whose parameters or `self` reach the budget struct.
fn follow(model: &Model, target: StructId, start: Carrier) -> Option<(String, Carrier)> {
    let mut queue = VecDeque::from([(start, 0)]);
    let mut seen = BTreeSet::new();
    while let Some((carrier, depth)) = queue.pop_front() {
        if !seen.insert((carrier.function, carrier.local.clone())) {
            continue;
        }
        let Some(def) = definition(model, carrier.function) else {
            continue;
        };
        if let Some(receiver) = reach(model, def, target) {
            return Some((receiver, carrier));
        }
        if depth >= DEPTH {
            continue;
        }
        for shape in &def.returns {
            let position = match shape {
                Shape::Local(name) if *name == carrier.local => None,
                Shape::Tuple(names) => match names
                    .iter()
                    .position(|n| n.as_deref() == Some(&carrier.local))
                {
                    Some(position) => Some(position),
                    None => continue,
                },
                _ => continue,
            };
            for binding in model
                .bindings
                .iter()
                .filter(|b| *b.callee == *def.function.name)
            {
                let local = match (&binding.pattern, position) {
                    (Shape::Local(name), None) => name.clone(),
                    (Shape::Tuple(names), Some(position)) => match names.get(position) {
                        Some(Some(name)) => name.clone(),
                        _ => continue,
                    },
                    _ => continue,
                };
                let next = Carrier {
                    function: binding.function.span,
                    local,
                    after: binding.statement,
                };
                queue.push_back((next, depth + 1));
            }
        }
    }
    None
}

fn definition(model: &Model, function: Span) -> Option<&FnDef> {
    model.functions.iter().find(|d| d.function.span == function)
}

/// The receiver through which a function reaches the struct `target`: a
/// parameter or `self`, then a chain of fields (`state.budget`).
fn reach(model: &Model, def: &FnDef, target: StructId) -> Option<String> {
    let roots = def
        .self_type
        .iter()
        .map(|t| ("self".to_string(), vec![t.clone()]))
        .chain(def.params.iter().map(|p| (p.name.clone(), p.ty.clone())));
    for (name, ty) in roots {
        if let Some(chain) = path_to(model, &ty, target) {
            return Some(
                std::iter::once(name)
                    .chain(chain)
                    .collect::<Vec<_>>()
                    .join("."),
            );
        }
    }
    None
}

/// The shortest chain of field names from a type to the struct `target`.
fn path_to(model: &Model, ty: &[String], target: StructId) -> Option<Vec<String>> {
    let start = structs_named(model, ty);
    let mut queue: VecDeque<(StructId, Vec<String>)> =
        start.into_iter().map(|s| (s, Vec::new())).collect();
    let mut seen = BTreeSet::new();
    while let Some((current, chain)) = queue.pop_front() {
        if current == target {
            return Some(chain);
        }
        if chain.len() >= PATH_DEPTH || !seen.insert(current) {
            continue;
        }
        for &field in &model.structs[current].fields {
            for next in structs_named(model, &model.fields[field].ty.idents) {
                let mut longer = chain.clone();
                longer.push(model.fields[field].name.clone());
                queue.push_back((next, longer));
            }
        }
    }
    None
}

/// The structs the first known identifier of a type names.
fn structs_named(model: &Model, idents: &[String]) -> Vec<StructId> {
    idents
        .iter()
        .map(|ident| {
            model
                .structs
                .enumerate()
                .filter(|(_, s)| &s.name == ident)
                .map(|(i, _)| i)
                .collect::<Vec<_>>()
        })
        .find(|found| !found.is_empty())
        .unwrap_or_default()
}

fn is_identifier(text: &str) -> bool {
    let text = text.trim();
    text.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && text.chars().all(|c| c.is_alphanumeric() || c == '_')
}
