//! Checks made inside helper functions: `fn exceeded(used, limit) -> bool
//! { used >= limit }` called as `exceeded(b.x_used, b.max_x)` compares the
//! caller's fields. Comparisons over parameters are templates that calls
//! instantiate, transitively through a few levels of helpers.

use std::collections::{HashMap, HashSet};

use crate::facts::{Call, Comparison, FileFacts, Operand};

/// How many levels of helpers calling helpers are followed.
const DEPTH: usize = 4;
/// A bound on templates per function, against pathological code.
const TEMPLATES_PER_FUNCTION: usize = 64;

/// A comparison in a function whose sides involve its parameters.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Template {
    sides: [Operand; 2],
    op: crate::facts::CompareOp,
    debug_only: bool,
}

/// The comparisons that calls of helper functions make on their callers'
/// budget fields (`relevant` names them), located at the calls.
pub fn trace(facts: &[FileFacts], relevant: &HashSet<&str>) -> Vec<Comparison> {
    let arity = arities(facts);
    let carries = |operand: &Operand| {
        !operand.params.is_empty()
            || operand
                .places
                .iter()
                .any(|p| relevant.contains(p.field.as_str()))
    };
    let calls: Vec<&Call> = facts
        .iter()
        .flat_map(|f| &f.calls)
        .filter(|c| {
            arity
                .get(c.callee.as_str())
                .is_some_and(|&n| n == Some(c.args.len()))
                && c.args.iter().any(carries)
        })
        .collect();
    let mut templates: HashMap<&str, Vec<Template>> = HashMap::new();
    for comparison in facts.iter().flat_map(|f| &f.comparisons) {
        let Some(function) = &comparison.function else {
            continue;
        };
        if comparison.sides.iter().all(|s| s.params.is_empty()) {
            continue;
        }
        templates.entry(&function.name).or_default().push(Template {
            sides: comparison.sides.clone(),
            op: comparison.op,
            debug_only: comparison.debug_only,
        });
    }
    for _ in 0..DEPTH {
        let mut added = false;
        for call in &calls {
            let Some(caller) = &call.function else {
                continue;
            };
            let derived: Vec<Template> = templates
                .get(call.callee.as_str())
                .into_iter()
                .flatten()
                .map(|t| instantiate(t, call))
                .filter(|t| t.sides.iter().any(|s| !s.params.is_empty()))
                .collect();
            let known = templates.entry(&caller.name).or_default();
            let seen: HashSet<Template> = known.iter().cloned().collect();
            for template in derived {
                if known.len() < TEMPLATES_PER_FUNCTION && !seen.contains(&template) {
                    known.push(template);
                    added = true;
                }
            }
        }
        if !added {
            break;
        }
    }
    let mut comparisons = Vec::new();
    for call in &calls {
        for template in templates.get(call.callee.as_str()).into_iter().flatten() {
            let concrete = instantiate(template, call);
            let about_budgets = concrete
                .sides
                .iter()
                .flat_map(|s| &s.places)
                .any(|p| relevant.contains(p.field.as_str()));
            if !about_budgets || concrete.sides.iter().any(|s| s.places.is_empty()) {
                continue;
            }
            comparisons.push(Comparison {
                span: call.span,
                sides: concrete.sides.map(|s| Operand {
                    places: s.places,
                    params: Vec::new(),
                }),
                op: concrete.op,
                code: call.code,
                debug_only: concrete.debug_only,
                function: call.function.clone(),
                guard: call.guard.clone(),
            });
        }
    }
    comparisons
}

/// The number of parameters of each function name; `None` when functions of
/// that name disagree.
fn arities(facts: &[FileFacts]) -> HashMap<&str, Option<usize>> {
    let mut arity: HashMap<&str, Option<usize>> = HashMap::new();
    for def in facts.iter().flat_map(|f| &f.functions) {
        arity
            .entry(&def.function.name)
            .and_modify(|known| {
                if *known != Some(def.arity) {
                    *known = None;
                }
            })
            .or_insert(Some(def.arity));
    }
    arity
}

/// Replaces the template's parameters with the call's arguments, which are
/// in the caller's terms: its fields and its own parameters.
fn instantiate(template: &Template, call: &Call) -> Template {
    let sides = template.sides.clone().map(|side| {
        let mut result = Operand {
            places: side.places,
            params: Vec::new(),
        };
        for param in side.params {
            if let Some(arg) = call.args.get(param) {
                result.extend(arg);
            }
        }
        result.params.sort_unstable();
        result.params.dedup();
        result
    });
    Template {
        sides,
        op: template.op,
        debug_only: template.debug_only || call.debug_only,
    }
}
