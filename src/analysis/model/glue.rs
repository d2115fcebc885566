//! What the suggestions for limits nothing reads are made of, beyond what
//! the rules need: where production code hands the fields beside such a
//! limit to calls, where it reads them, the limit's doc comment and where
//! it is set, the error variants named after it, and the methods its glue
//! may call. Kept only for those limits (BL003's candidates), so the cost
//! follows the findings; the names looked for are also what BL003's
//! demand asks the prefilter for.

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashSet as HashSet;

use crate::analysis::facts::{
    AccessKind, CodeKind, Context, FileFacts, FnDef, FnRef, Span, VariantFields,
    may_name_limit_error,
};
use crate::analysis::names::{self, Role};

use super::{FieldId, Model, Resolution};

/// A production method call that hands a field over as it is
/// (`.with_min_delay(Duration::from_millis(cfg.min_delay_ms))`).
#[derive(Debug, Clone)]
pub struct HandSite {
    pub field: FieldId,
    /// The called function's or method's last name.
    pub callee: String,
    /// The call, from its receiver or path to its closing parenthesis.
    pub span: Span,
    pub function: Option<FnRef>,
}

/// The evidence of the limits nothing reads, by limit.
#[derive(Debug, Default)]
pub struct Glue {
    /// Each limit's doc comment.
    pub docs: BTreeMap<FieldId, Span>,
    /// Where production code gives each limit a value: the field's name in
    /// a struct literal, or the assignment.
    pub sets: BTreeMap<FieldId, Vec<Span>>,
    /// Certain production reads of the fields beside the limits, each with
    /// the function it is in.
    pub sibling_reads: BTreeMap<FieldId, Vec<(Span, Option<FnRef>)>>,
    /// Production struct-literal keys named like a limit or a field beside
    /// it, of any struct (`max_iterations` in `RunPolicy { max_iterations:
    /// config.max_iterations, .. }`): where a copy of the siblings is made.
    pub literal_keys: Vec<LiteralKey>,
    /// The declared variants named after the limits
    /// ([`variant_names`]).
    pub variants: Vec<Variant>,
    /// The definitions of methods the glue may call ([`Model::glue_methods`]).
    pub methods: Vec<FnDef>,
}

/// A field a struct literal fills from a value.
#[derive(Debug, Clone)]
pub struct LiteralKey {
    pub field: FieldId,
    /// The key's name in the literal.
    pub span: Span,
    /// The function the literal is in, by its name's span.
    pub function: Option<Span>,
}

/// An enum variant named after a limit.
#[derive(Debug, Clone)]
pub struct Variant {
    pub enum_name: String,
    pub name: String,
    pub span: Span,
    pub fields: VariantFields,
    /// Whether a production expression names it.
    pub constructed: bool,
}

/// The words a time unit goes by at the end of a name, and the
/// `Duration` constructor for it.
const UNITS: &[(&[&str], &str)] = &[
    (&["s", "sec", "secs", "seconds"], "from_secs"),
    (&["ms", "millis", "milliseconds"], "from_millis"),
    (&["us", "micros", "microseconds"], "from_micros"),
    (&["ns", "nanos", "nanoseconds"], "from_nanos"),
];

/// The `Duration` constructor the unit at the end of a name asks for
/// (`from_secs` for `max_delay_secs`).
pub fn unit_of(name: &str) -> Option<&'static str> {
    let words = names::words(name);
    let last = words.last()?;
    (words.len() > 1)
        .then(|| {
            UNITS
                .iter()
                .find(|(suffixes, _)| suffixes.contains(&last.as_str()))
        })
        .flatten()
        .map(|&(_, constructor)| constructor)
}

/// The `Duration` constructor a doc comment's words ask for: "in seconds",
/// "milliseconds".
pub fn unit_in_doc(doc: &str) -> Option<&'static str> {
    let words = names::words(&doc.replace(|c: char| !c.is_alphanumeric(), "_"));
    UNITS.iter().find_map(|(suffixes, constructor)| {
        let long = suffixes.last()?;
        words
            .iter()
            .any(|w| w == long || (long.len() > 1 && *w == long[..long.len() - 1]))
            .then_some(*constructor)
    })
}

/// A name without the unit at its end: `max_delay` for `max_delay_secs`.
pub fn base_name(name: &str) -> String {
    let words = names::words(name);
    let keep = if unit_of(name).is_some() {
        words.len() - 1
    } else {
        words.len()
    };
    words[..keep].join("_")
}

/// `MaxTurns` for `max_turns`.
pub fn camel(snake: &str) -> String {
    snake
        .split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect::<String>()
            })
        })
        .collect()
}

/// A word without its plural `s`.
pub fn singular(word: &str) -> &str {
    match word.strip_suffix('s') {
        Some(stem) if word.len() > 3 && !word.ends_with("ss") && !word.ends_with("us") => stem,
        _ => word,
    }
}

/// The names an error variant named after a limit may have: `MaxTurns`,
/// `MaxTurnsReached`, `TurnLimitExceeded`, `TooManyTurns` for
/// `max_turns`; `Timeout`, `TimedOut` for `timeout`. Every one holds a
/// word of [`may_name_limit_error`], so extraction keeps it.
pub fn variant_names(limit: &str) -> Vec<String> {
    let base = base_name(limit);
    // A bare `timeout` would name any `Timeout` of the workspace.
    let generic = names::words(&base).iter().all(|w| {
        matches!(
            w.as_str(),
            "timeout" | "deadline" | "time" | "limit" | "max"
        )
    });
    if generic {
        return Vec::new();
    }
    let mut found = Vec::new();
    let whole = camel(&base);
    found.push(whole.clone());
    for suffix in ["Reached", "Exceeded", "Exhausted"] {
        found.push(format!("{whole}{suffix}"));
    }
    let measured = base
        .strip_prefix("max_")
        .or_else(|| base.strip_suffix("_limit"))
        .or_else(|| base.strip_suffix("_max"));
    if let Some(measured) = measured {
        let one = camel(singular(measured));
        let many = camel(measured);
        for suffix in ["", "Reached", "Exceeded"] {
            found.push(format!("{one}Limit{suffix}"));
        }
        found.push(format!("TooMany{many}"));
        found.push(format!("{many}Exhausted"));
    }
    if let Some(head) = base.strip_suffix("timeout") {
        found.push(format!("{}TimedOut", camel(head)));
    }
    found.retain(|name| may_name_limit_error(name));
    let mut seen = BTreeSet::new();
    found.retain(|name| seen.insert(name.clone()));
    found
}

impl Model {
    /// The limits nothing reads beside fields production code reads: those
    /// BL003 may report, whose suggestions need [`Glue`].
    pub fn glue_limits(&self) -> Vec<FieldId> {
        self.fields
            .ids()
            .filter(|&l| self.read_siblings_of_unread(l).is_some())
            .collect()
    }

    /// The calls that hand over a field beside `limit`, in source order.
    pub fn sibling_hand_sites(&self, limit: FieldId) -> impl Iterator<Item = &HandSite> {
        let owner = self.fields[limit].owner;
        self.hand_sites
            .iter()
            .filter(move |site| site.field != limit && self.fields[site.field].owner == owner)
    }

    /// The methods the glue for `limit` may call, by name: the calls its
    /// siblings are handed to, each renamed for the limit
    /// (`with_max_delay` beside `with_min_delay`), the limit's own name
    /// with and without `with_` or `set_`; and the calls themselves, whose
    /// definitions tell the types that declare them.
    pub fn glue_methods(&self, limit: FieldId) -> Vec<String> {
        let name = &self.fields[limit].name;
        let base = base_name(name);
        let mut found = Vec::new();
        for site in self.sibling_hand_sites(limit) {
            let sibling = base_name(&self.fields[site.field].name);
            if !sibling.is_empty() && site.callee.contains(&sibling) {
                found.push(site.callee.replacen(&sibling, &base, 1));
            }
            found.push(site.callee.clone());
        }
        found.extend([
            base.clone(),
            format!("with_{base}"),
            format!("set_{base}"),
            name.clone(),
        ]);
        let mut seen = BTreeSet::new();
        found.retain(|name| seen.insert(name.clone()));
        found
    }

    /// Records the method calls that hand over a field of a struct with a
    /// limit.
    pub(super) fn record_hand_sites(&mut self, facts: &[&FileFacts]) {
        let mut sites = Vec::new();
        for call in facts.iter().flat_map(|file| &file.calls) {
            // A method call: the glue calls the analogous method, and the
            // prefilter parses the definitions of methods of that name.
            if call.code != CodeKind::Production
                || call.debug_only
                || !call.method
                || !super::hands_off(&call.callee)
            {
                continue;
            }
            for place in &call.handed {
                let Resolution::Exact(field) = self.index.resolve(self, place) else {
                    continue;
                };
                let owner = &self.structs[self.fields[field].owner];
                let beside_limit = owner
                    .fields
                    .iter()
                    .any(|&f| matches!(self.fields[f].role, Role::Limit { .. } | Role::TimeLimit));
                if beside_limit {
                    sites.push(HandSite {
                        field,
                        callee: call.callee.clone(),
                        span: call.span,
                        function: call.function.clone(),
                    });
                }
            }
        }
        self.hand_sites = sites;
    }

    /// Keeps the evidence of the limits nothing reads from `facts`.
    pub(super) fn collect_glue(&mut self, facts: &[&FileFacts]) {
        let limits = self.glue_limits();
        if limits.is_empty() {
            self.glue = Glue::default();
            return;
        }
        let mut glue = Glue::default();
        let limit_set: BTreeSet<FieldId> = limits.iter().copied().collect();
        let siblings: BTreeSet<FieldId> = limits
            .iter()
            .flat_map(|&l| self.structs[self.fields[l].owner].fields.iter().copied())
            .filter(|f| !limit_set.contains(f))
            .collect();
        let names: HashSet<&str> = limit_set
            .iter()
            .chain(&siblings)
            .map(|&f| self.fields[f].name.as_str())
            .collect();
        let variants: HashSet<String> = limits
            .iter()
            .flat_map(|&l| variant_names(&self.fields[l].name))
            .collect();
        let methods: HashSet<String> = limits.iter().flat_map(|&l| self.glue_methods(l)).collect();
        let by_span: BTreeMap<Span, FieldId> =
            limits.iter().map(|&l| (self.fields[l].span, l)).collect();
        for file in facts {
            for field in file.structs.iter().flat_map(|s| &s.fields) {
                if let (Some(doc), Some(&limit)) = (field.doc, by_span.get(&field.span)) {
                    glue.docs.insert(limit, doc);
                }
            }
            for access in &file.accesses {
                // A value relayed between copies of a configuration is not
                // read there, as the model has it.
                if access.code != CodeKind::Production
                    || matches!(access.context, Context::Display | Context::Relay)
                    || !names.contains(&*access.place.field)
                {
                    continue;
                }
                let Resolution::Exact(field) = self.index.resolve(self, &access.place) else {
                    continue;
                };
                let sets = matches!(
                    access.kind,
                    AccessKind::Init | AccessKind::Fill | AccessKind::Assign | AccessKind::Store
                );
                let reads = matches!(access.kind, AccessKind::Read | AccessKind::Compare);
                if matches!(access.kind, AccessKind::Init | AccessKind::Fill) {
                    glue.literal_keys.push(LiteralKey {
                        field,
                        span: access.span,
                        function: access.function,
                    });
                }
                if sets && limit_set.contains(&field) {
                    glue.sets.entry(field).or_default().push(access.span);
                } else if reads && siblings.contains(&field) {
                    let function = access.function.and_then(|span| {
                        file.functions
                            .iter()
                            .find(|d| d.function.span == span)
                            .map(|d| d.function.clone())
                    });
                    glue.sibling_reads
                        .entry(field)
                        .or_default()
                        .push((access.span, function));
                }
            }
            for fact in file.enums.iter().filter(|e| !e.code.is_test()) {
                for variant in fact.variants.iter().filter(|v| variants.contains(&v.name)) {
                    glue.variants.push(Variant {
                        enum_name: fact.name.clone(),
                        name: variant.name.clone(),
                        span: variant.span,
                        fields: variant.fields.clone(),
                        constructed: false,
                    });
                }
            }
            glue.methods.extend(
                file.functions
                    .iter()
                    .filter(|d| d.self_type.is_some() && methods.contains(&*d.function.name))
                    .cloned(),
            );
        }
        let constructions: Vec<(&str, Option<&str>)> = facts
            .iter()
            .flat_map(|file| &file.variant_uses)
            .filter(|u| u.code == CodeKind::Production && variants.contains(&u.name))
            .map(|u| (u.name.as_str(), u.qualifier.as_deref()))
            .collect();
        for variant in &mut glue.variants {
            variant.constructed = constructions.iter().any(|&(name, qualifier)| {
                name == variant.name
                    && qualifier.is_none_or(|q| q == variant.enum_name || q == "Self")
            });
        }
        self.glue = glue;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_come_from_the_end_of_a_name_or_from_the_doc() {
        assert_eq!(unit_of("max_delay_secs"), Some("from_secs"));
        assert_eq!(unit_of("timeout_ms"), Some("from_millis"));
        assert_eq!(unit_of("timeout"), None);
        assert_eq!(unit_of("ms"), None);
        assert_eq!(
            unit_in_doc("Timeout in seconds for requests to this server."),
            Some("from_secs")
        );
        assert_eq!(unit_in_doc("Delay, in milliseconds."), Some("from_millis"));
        assert_eq!(unit_in_doc("Maximum number of turns."), None);
        assert_eq!(base_name("max_delay_secs"), "max_delay");
    }

    #[test]
    fn variant_names_follow_the_limit() {
        let turns = variant_names("max_turns");
        for expected in ["MaxTurnsReached", "TurnLimitExceeded", "TooManyTurns"] {
            assert!(turns.iter().any(|n| n == expected), "{turns:?}");
        }
        assert!(variant_names("timeout").is_empty());
        let timeout = variant_names("request_timeout_ms");
        assert!(
            timeout.iter().any(|n| n == "RequestTimedOut"),
            "{timeout:?}"
        );
        assert!(timeout.iter().all(|n| may_name_limit_error(n)));
    }
}
