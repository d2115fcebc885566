//! Checks made inside helper functions: `fn exceeded(used, limit) -> bool
//! { used >= limit }` called as `exceeded(b.x_used, b.max_x)` compares the
//! caller's fields. Comparisons over parameters are templates that calls
//! instantiate, transitively through a few levels of helpers.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::analysis::facts::{Call, Comparison, FileFacts, Operand};

/// How many levels of helpers calling helpers are followed.
const DEPTH: usize = 4;
/// A bound on templates per function, against pathological code.
const TEMPLATES_PER_FUNCTION: usize = 64;

/// A comparison in a function whose sides involve its parameters.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Template {
    sides: [Operand; 2],
    op: crate::analysis::facts::CompareOp,
    debug_only: bool,
    context: crate::analysis::facts::Context,
    /// Made by a helper that this function calls, not by this function.
    nested: bool,
}

/// A comparison that a call of a helper makes on its caller's fields.
pub struct Traced {
    pub comparison: Comparison,
    /// Made by a helper of the called helper, or deeper: what it compares
    /// was computed from the caller's fields by the code in between.
    pub nested: bool,
}

/// The comparisons that calls of helper functions make on their callers'
/// budget fields (`relevant` names them), located at the calls.
pub fn trace(facts: &[&FileFacts], relevant: &HashSet<&str>) -> Vec<Traced> {
    let arity = arities(facts);
    let carries = |operand: &Operand| {
        !operand.params.is_empty() || operand.places.iter().any(|p| relevant.contains(&*p.field))
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
    // Only calls that pass fields can compare them, and only the templates
    // of the functions they reach, directly or through helpers calling
    // helpers, are instantiated.
    let mut inside: HashMap<&str, Vec<&Call>> = HashMap::default();
    for call in &calls {
        if let Some(caller) = &call.function {
            inside.entry(&caller.name).or_default().push(call);
        }
    }
    let passes_fields = |call: &Call| call.args.iter().any(|a| !a.places.is_empty());
    let mut reached: HashSet<&str> = calls
        .iter()
        .filter(|c| passes_fields(c))
        .map(|c| c.callee.as_str())
        .collect();
    let mut pending: Vec<&str> = reached.iter().copied().collect();
    while let Some(function) = pending.pop() {
        for call in inside.get(function).into_iter().flatten() {
            if reached.insert(&call.callee) {
                pending.push(&call.callee);
            }
        }
    }
    let calls: Vec<&Call> = calls
        .into_iter()
        .filter(|c| {
            passes_fields(c)
                || c.function
                    .as_ref()
                    .is_some_and(|f| reached.contains(&*f.name))
        })
        .collect();
    let mut templates: HashMap<&str, Vec<Template>> = HashMap::default();
    for comparison in facts.iter().flat_map(|f| &f.comparisons) {
        let Some(function) = &comparison.function else {
            continue;
        };
        if !reached.contains(&*function.name)
            || comparison.sides.iter().all(|s| s.params.is_empty())
        {
            continue;
        }
        templates.entry(&function.name).or_default().push(Template {
            sides: comparison.sides.clone(),
            op: comparison.op,
            debug_only: comparison.debug_only,
            context: comparison.context,
            nested: false,
        });
    }
    let mut seen: HashMap<&str, HashSet<Template>> = templates
        .iter()
        .map(|(&name, list)| (name, list.iter().cloned().collect()))
        .collect();
    // A call's earlier templates were instantiated in an earlier pass, and
    // what they gave is known or refused for good: each pass instantiates
    // only the templates its callee gained since.
    let mut instantiated = vec![0; calls.len()];
    for _ in 0..DEPTH {
        let mut added = false;
        for (call, done) in calls.iter().zip(&mut instantiated) {
            let Some(caller) = call
                .function
                .as_ref()
                .filter(|f| reached.contains(&*f.name))
            else {
                continue;
            };
            let callee = templates
                .get(call.callee.as_str())
                .map_or(&[][..], Vec::as_slice);
            let derived: Vec<Template> = callee[(*done).min(callee.len())..]
                .iter()
                .map(|t| Template {
                    nested: true,
                    ..instantiate(t, call)
                })
                .filter(|t| t.sides.iter().any(|s| !s.params.is_empty()))
                .collect();
            *done = callee.len();
            let known = templates.entry(&caller.name).or_default();
            let seen = seen.entry(&caller.name).or_default();
            for template in derived {
                if known.len() < TEMPLATES_PER_FUNCTION && !seen.contains(&template) {
                    seen.insert(template.clone());
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
                .any(|p| relevant.contains(&*p.field));
            if !about_budgets || concrete.sides.iter().any(|s| s.places.is_empty()) {
                continue;
            }
            comparisons.push(Traced {
                nested: template.nested,
                comparison: Comparison {
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
                    context: concrete.context,
                },
            });
        }
    }
    comparisons
}

/// The number of parameters of each function name; `None` when functions of
/// that name disagree.
fn arities<'a>(facts: &[&'a FileFacts]) -> HashMap<&'a str, Option<usize>> {
    let mut arities: HashMap<&str, Option<usize>> = HashMap::default();
    for def in facts.iter().flat_map(|f| &f.functions) {
        note_arity(&mut arities, &*def.function.name, def.arity);
    }
    arities
}

/// Records that a function `name` takes `arity` parameters: a name whose
/// definitions disagree becomes `None`, and calls of it are never traced.
pub fn note_arity<K: Eq + std::hash::Hash>(
    arities: &mut HashMap<K, Option<usize>>,
    name: K,
    arity: usize,
) {
    arities
        .entry(name)
        .and_modify(|known| {
            if *known != Some(arity) {
                *known = None;
            }
        })
        .or_insert(Some(arity));
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
        context: template.context,
        nested: template.nested,
    }
}
