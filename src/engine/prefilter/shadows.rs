//! Over-approximations of rules of the analysis, worked out from scans and
//! from the facts parsed so far: each names the rule it shadows, and must
//! change with it. `tests/robustness.rs` and the per-lint demand tests
//! compare the findings with and without the prefilter.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::Arc;

use crate::analysis::facts::{AccessKind, FileFacts, Root, Shape};
use crate::analysis::model::Model;
use crate::engine::scan::{ScannedStruct, ident_hash};

use super::digest::Digest;
use super::index::ScanIndex;
use super::{Files, Numbered, Unparsed};

/// Shadows `Model::trace_helpers`: the wanted names whose comparisons
/// inside helpers the model traces, those of budget fields (the fields
/// beside a limit are wanted for their reads, not their comparisons).
pub(super) fn traced_field_names<'a>(model: &'a Model, wanted: &HashSet<&str>) -> HashSet<&'a str> {
    let mut traced = model.budget_field_names();
    traced.retain(|name| wanted.contains(name));
    traced
}

impl Digest {
    /// Shadows `model::helpers::trace`, which follows calls that pass
    /// budget fields or parameters. The functions whose definitions can
    /// change a finding: helpers called
    /// with the fields `names` (a check inside them counts at the call), and
    /// the helpers they pass their own parameters on to. A name whose
    /// definitions disagree on the number of parameters is never traced
    /// (`model::helpers`), and more definitions cannot change that.
    pub(super) fn helpers(&self, names: &HashSet<&str>) -> HashSet<&str> {
        let traced = |name: &str| self.arities.get(name) != Some(&None);
        let mut functions: HashSet<&str> = names
            .iter()
            .flat_map(|&name| self.with_field.get(name).into_iter().flatten())
            .map(String::as_str)
            .filter(|&callee| traced(callee))
            .collect();
        let mut pending: Vec<&str> = functions.iter().copied().collect();
        while let Some(function) = pending.pop() {
            for callee in self.passes_params.get(function).into_iter().flatten() {
                if traced(callee) && functions.insert(callee) {
                    pending.push(callee);
                }
            }
        }
        functions
    }
}

/// Shadows the arity rule of `model::helpers` (a name whose definitions
/// disagree on the number of parameters is never traced). The definitions
/// of `helpers` to parse, by unparsed file (index into
/// `unparsed`), as indices into its scan's functions. Where the scans show
/// definitions with another number of parameters than the parsed ones,
/// one such definition each is enough to make the name ambiguous; the next
/// round asks again. Otherwise every definition of the name that takes
/// parameters other than `self` is parsed: the others give the tracer
/// nothing to compare, and agree on the number of parameters.
pub(super) fn helper_definitions(
    helpers: &HashSet<&str>,
    arities: &HashMap<Arc<str>, Option<usize>>,
    index: &ScanIndex,
    numbered: &Numbered<'_>,
) -> HashMap<usize, Vec<usize>> {
    let mut chosen: HashMap<usize, Vec<usize>> = HashMap::default();
    if helpers.is_empty() {
        return chosen;
    }
    let wanted: HashMap<u32, Option<usize>> = helpers
        .iter()
        .map(|&name| (ident_hash(name), arities.get(name).copied().flatten()))
        .collect();
    // Each definition not parsed yet: its file and position, its arity,
    // and whether it takes parameters.
    type Definition = ((usize, usize), Option<usize>, bool);
    let mut definitions: HashMap<u32, Vec<Definition>> = HashMap::default();
    for &name in wanted.keys() {
        let mut found: Vec<Definition> = Vec::new();
        for &(slot, position) in index.functions.get(name) {
            let position = position as usize;
            let Some((file, u)) = numbered.get(slot) else {
                continue;
            };
            if !u.extracted_functions.contains(&position) {
                let function = &u.scan.functions[position];
                found.push(((file, position), function.arity, function.takes_params));
            }
        }
        // In the order of the files and of the definitions in each.
        found.sort_unstable_by_key(|&(at, ..)| at);
        if !found.is_empty() {
            definitions.insert(name, found);
        }
    }
    for (hash, found) in definitions {
        let differs_from = |arity: Option<usize>| {
            move |&&(_, other, _): &&Definition| other.is_some() && other != arity
        };
        let proof = match wanted[&hash] {
            Some(parsed) => found
                .iter()
                .find(differs_from(Some(parsed)))
                .map(|&(at, ..)| vec![at]),
            None => found
                .iter()
                .find(|(_, a, _)| a.is_some())
                .and_then(|first| {
                    let second = found.iter().find(differs_from(first.1))?;
                    Some(vec![first.0, second.0])
                }),
        };
        let parse = proof.unwrap_or_else(|| {
            found
                .iter()
                .filter(|(_, _, takes_params)| *takes_params)
                .map(|&(at, ..)| at)
                .collect()
        });
        for (file, position) in parse {
            chosen.entry(file).or_default().push(position);
        }
    }
    for positions in chosen.values_mut() {
        positions.sort_unstable();
        positions.dedup();
    }
    chosen
}

/// Shadows `suggest::flow::glue_site`, which follows a tracker's amount out
/// of its function. The functions whose callers can change a suggestion:
/// those that spend a
/// parallel tracker, and the callers that hand the amount they return on up
/// (BL001's suggestion spends the counter where the amount is in hand).
/// Files that mention one of these names are parsed.
pub(super) fn amount_carriers(facts: &[FileFacts], trackers: &HashSet<&str>) -> HashSet<String> {
    let mut functions: HashSet<String> = HashSet::default();
    if trackers.is_empty() {
        return functions;
    }
    for file in facts {
        for access in &file.accesses {
            let spends = matches!(
                access.kind,
                AccessKind::Increase | AccessKind::Decrease | AccessKind::Assign
            );
            if spends
                && trackers.contains(&*access.place.field)
                && let Some(span) = access.function
                && let Some(def) = file.functions.iter().find(|d| d.function.span == span)
            {
                functions.insert(def.function.name.to_string());
            }
        }
    }
    loop {
        let before = functions.len();
        for file in facts {
            for binding in &file.bindings {
                if !functions.contains(&binding.callee) {
                    continue;
                }
                let returns_it = file.functions.iter().any(|def| {
                    def.function == binding.function
                        && returns_binding(&def.returns, &binding.pattern)
                });
                if returns_it {
                    functions.insert(binding.function.name.to_string());
                }
            }
        }
        if functions.len() == before {
            return functions;
        }
    }
}

/// Shadows `suggest::flow`'s search for a receiver of the budget (at most
/// `FLOW_PATH_DEPTH` fields deep). The hashes of the type names BL001's
/// suggestion may look up to reach a
/// budget struct from the functions the amount flows through: the types of
/// their parameters and `self`, and the types of the fields of structs so
/// named, a few levels deep.
pub(super) fn flow_types(
    facts: &[FileFacts],
    digest: &Digest,
    carriers: &HashSet<String>,
    unparsed: &[Unparsed<'_>],
) -> HashSet<u32> {
    let mut types: HashSet<u32> = HashSet::default();
    if carriers.is_empty() {
        return types;
    }
    for file in facts {
        let callers = file
            .bindings
            .iter()
            .filter(|b| carriers.contains(&b.callee))
            .map(|b| &b.function);
        let flowing: Vec<&crate::analysis::facts::FnRef> = callers.collect();
        for def in &file.functions {
            if carriers.contains(&*def.function.name) || flowing.contains(&&def.function) {
                types.extend(def.self_type.iter().map(|t| ident_hash(t)));
                types.extend(def.params.iter().flat_map(|p| &p.ty).map(|t| ident_hash(t)));
            }
        }
    }
    let all = unparsed.iter().flat_map(Unparsed::structs).map(|(_, s)| s);
    let structs = field_types(digest, all, |_| true);
    let mut frontier: Vec<u32> = types.iter().copied().collect();
    for _ in 0..crate::analysis::suggest::FLOW_PATH_DEPTH {
        let mut next = Vec::new();
        for name in frontier {
            for &ty in structs.get(&name).into_iter().flatten() {
                if types.insert(ty) {
                    next.push(ty);
                }
            }
        }
        frontier = next;
    }
    types
}

/// Shadows `suggest::flow`'s step through returned values: whether a
/// function returns one of the locals a binding introduced.
pub(super) fn returns_binding(returns: &[Shape], pattern: &Shape) -> bool {
    let bound: Vec<&str> = match pattern {
        Shape::Local(name) => vec![name.as_str()],
        Shape::Tuple(names) => names.iter().flatten().map(String::as_str).collect(),
        Shape::SelfField(_) => Vec::new(),
    };
    returns.iter().any(|shape| match shape {
        Shape::Local(name) => bound.contains(&name.as_str()),
        Shape::Tuple(names) => names.iter().flatten().any(|n| bound.contains(&n.as_str())),
        Shape::SelfField(_) => false,
    })
}

/// Shadows the model's resolution of places (a typed root followed through
/// its chain of fields). The hashes of the type names that resolving the
/// places of `names` may
/// look up: the identifiers of every typed root, and of the fields their
/// chains pass through, in parsed structs and, all at once, in the structs
/// the unparsed files may declare (every type of such a struct counts).
pub(super) fn reached_types(
    digest: &Digest,
    names: &HashSet<&str>,
    files: &Files<'_>,
) -> HashSet<u32> {
    let mut types: HashSet<u32> = HashSet::default();
    let mut steps: HashSet<u32> = HashSet::default();
    for name in names {
        if let Some((roots, chains)) = digest.places.get(*name) {
            types.extend(roots);
            steps.extend(chains);
        }
    }
    reach_through(digest, types, &steps, files)
}

/// The types of `roots` and those their fields named in `steps` hold,
/// transitively: the structs a chain from those roots may step into.
pub(super) fn reach_through(
    digest: &Digest,
    roots: HashSet<u32>,
    steps: &HashSet<u32>,
    files: &Files<'_>,
) -> HashSet<u32> {
    let mut types = roots;
    // Each struct as its name and the types of the fields a chain may
    // step through.
    let declaring = steps
        .iter()
        .flat_map(|&h| digest.index.struct_fields.get(h))
        .copied();
    let unparsed = files.unparsed_structs(declaring);
    let structs = field_types(digest, unparsed.into_iter().map(|(_, s)| s), |field| {
        steps.contains(&field)
    });
    let mut pending: Vec<u32> = types.iter().copied().collect();
    while let Some(name) = pending.pop() {
        for &ty in structs.get(&name).into_iter().flatten() {
            if types.insert(ty) {
                pending.push(ty);
            }
        }
    }
    types
}

/// For each struct name, the hashes of the types of its fields that `keep`
/// (given a field name's hash) accepts, in parsed structs; a struct of
/// `unparsed` (which the unparsed files may declare) counts with every
/// type it mentions if `keep` accepts one of its fields.
pub(super) fn field_types<'a>(
    digest: &Digest,
    unparsed: impl Iterator<Item = &'a ScannedStruct>,
    keep: impl Fn(u32) -> bool,
) -> HashMap<u32, Vec<u32>> {
    let mut structs: HashMap<u32, Vec<u32>> = HashMap::default();
    for (owner, field, types) in digest.struct_fields.values().flatten() {
        if keep(*field) {
            structs.entry(*owner).or_default().extend(types);
        }
    }
    for s in unparsed {
        if s.fields.iter().any(|&f| keep(f)) {
            structs.entry(s.name).or_default().extend(&s.types);
        }
    }
    structs
}

/// Shadows `Model::co_used_structs` and `Model::promote_compared_fields`:
/// a struct used in one function beside a limit (`state` beside
/// `self.max_retries`, or `self.message.headers` beside `self.options
/// .max_retries`) may hold that limit's counter, by its bare name or by the
/// comparison. The hashes of the types of the typed roots in every parsed
/// function that touches one of `limits`, and of the fields their chains
/// step through: the structs those chains reach are parsed so that the
/// model knows their fields.
pub(super) fn types_beside_limits(
    facts: &[FileFacts],
    limits: &HashSet<&str>,
) -> (HashSet<u32>, HashSet<u32>) {
    let mut types: HashSet<u32> = HashSet::default();
    let mut steps: HashSet<u32> = HashSet::default();
    if limits.is_empty() {
        return (types, steps);
    }
    for file in facts {
        let near: HashSet<crate::analysis::facts::Span> = file
            .accesses
            .iter()
            .filter(|a| limits.contains(&*a.place.field))
            .filter_map(|a| a.function)
            .collect();
        if near.is_empty() {
            continue;
        }
        for access in &file.accesses {
            if let (Some(function), Root::Typed(idents)) = (access.function, &access.place.root)
                && near.contains(&function)
            {
                types.extend(idents.iter().map(|i| ident_hash(i)));
                steps.extend(access.place.chain.iter().map(|step| ident_hash(step)));
            }
        }
    }
    (types, steps)
}
