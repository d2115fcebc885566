//! BL003: a limit nothing reads, used where the fields beside it are. When
//! they are handed to a call (a builder's `.with_min_delay(…)`), the limit
//! goes to the analogous call, in its unit; when a sibling limit is
//! compared with a counter (a gate, a loop guard), the limit is compared
//! the same way, returning the error named after it when the code declares
//! one; when a builder is made where they are read, the limit goes to it;
//! when a struct literal copies them into another struct that has a field
//! of the limit's name, the limit is copied beside them;
//! failing all of these, a check with placeholders where they are read.

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::quote;

use super::text::{self, MethodTail};
use super::{ident, render, source, tokens};
use crate::analysis::facts::TypeShape;
use crate::analysis::facts::{FnDef, FnRef, Receiver, Shape, Span};
use crate::analysis::model::{
    Check, FieldId, HandSite, LiteralKey, Model, Variant, base_name, singular, unit_in_doc, unit_of,
};
use crate::analysis::names::{self, Role};
use crate::diagnostic::{Applicability, Suggestion};
use crate::input::source::SourceDb;

/// A suggestion with the notes that say what it guessed.
pub struct Draft {
    pub suggestion: Suggestion,
    pub notes: Vec<String>,
}

pub fn use_limit(model: &Model, db: &SourceDb, limit: FieldId) -> Option<Draft> {
    let time_like = time_like(model, limit);
    let check = sibling_check(model, limit, time_like);
    let compared = || check.as_ref().and_then(|c| compare(model, db, limit, c));
    // A count is bounded where its siblings are checked; a time is handed
    // to the calls its siblings are handed to.
    let first = if time_like { None } else { compared() };
    // A struct literal that copies the siblings into a struct of the same
    // settings is where the copy of the limit was left out.
    fill_beside_siblings(model, db, limit)
        .or(first)
        .or_else(|| pass_to_call(model, db, limit))
        .or_else(|| if time_like { compared() } else { None })
        .or_else(|| pass_to_builder(model, db, limit))
        .or_else(|| check_where_read(model, db, limit))
}

/// Whether a field bounds a time: a duration, a time unit in its name, a
/// timeout or deadline.
fn time_like(model: &Model, field: FieldId) -> bool {
    let info = &model.fields[field];
    info.ty.is_duration() || info.role == Role::TimeLimit || unit_of(&info.name).is_some()
}

fn is_option(model: &Model, field: FieldId) -> bool {
    model.fields[field]
        .ty
        .idents
        .first()
        .is_some_and(|i| i == "Option")
}

/// What the limit measures, plural as written: `turns` for `max_turns`.
fn measured(name: &str) -> String {
    let base = base_name(name);
    let words: Vec<String> = names::words(&base)
        .into_iter()
        .filter(|w| {
            !matches!(
                w.as_str(),
                "max" | "min" | "limit" | "cap" | "quota" | "budget"
            )
        })
        .collect();
    if words.is_empty() {
        base
    } else {
        words.join("_")
    }
}

/// How the code reads a field beside `limit` in `function` (in any
/// function when `None`), at the first such read: the receiver,
/// `self.config`.
pub(super) fn sibling_receiver(
    model: &Model,
    db: &SourceDb,
    limit: FieldId,
    function: Option<Span>,
) -> Option<String> {
    let owner = model.fields[limit].owner;
    let mut reads: Vec<&(Span, Option<FnRef>)> = model
        .glue
        .sibling_reads
        .iter()
        .filter(|&(&sibling, _)| model.fields[sibling].owner == owner)
        .flat_map(|(_, reads)| reads)
        .filter(|(_, f)| {
            function.is_none_or(|function| f.as_ref().map(|f| f.span) == Some(function))
        })
        .collect();
    reads.sort_by_key(|(span, _)| *span);
    reads.into_iter().find_map(|(span, _)| {
        let text = db.get(span.file).text();
        text::receiver_before(text, span.start).map(str::to_string)
    })
}

/// The limit as the drafted code reads it: `config.max_delay_secs`.
fn limit_place(model: &Model, receiver: &str, limit: FieldId) -> Option<TokenStream> {
    let receiver = tokens(receiver)?;
    let field = ident(&model.fields[limit].name);
    Some(quote!(#receiver.#field))
}

/// Copies the limit into the struct literal that copies the fields beside
/// it (`RunPolicy { max_iterations: config.max_iterations, .. }`) when the
/// literal's struct has a field of the limit's name that the function
/// leaves to the literal's base.
fn fill_beside_siblings(model: &Model, db: &SourceDb, limit: FieldId) -> Option<Draft> {
    let limit_info = &model.fields[limit];
    let keys = &model.glue.literal_keys;
    let mut found = Vec::new();
    for (&sibling, reads) in &model.glue.sibling_reads {
        if model.fields[sibling].owner != limit_info.owner {
            continue;
        }
        let sibling_name = &model.fields[sibling].name;
        for (read, _) in reads {
            let file = db.get(read.file).text();
            let Some(receiver) = text::receiver_before(file, read.start) else {
                continue;
            };
            let copies = |key: &&LiteralKey| {
                key.span.file == read.file
                    && key.span.end <= read.start
                    && model.fields[key.field].name == *sibling_name
                    && file
                        .get(key.span.end..read.start)
                        .and_then(|between| between.trim_start().strip_prefix(':'))
                        .is_some_and(|value| value.trim() == format!("{receiver}."))
            };
            let Some(key) = keys.iter().find(copies) else {
                continue;
            };
            let copy_owner = model.fields[key.field].owner;
            if copy_owner == limit_info.owner {
                continue;
            }
            let Some(&copy) = model.structs[copy_owner]
                .fields
                .iter()
                .find(|&&f| model.fields[f].name == limit_info.name)
            else {
                continue;
            };
            let filled = keys.iter().any(|k| {
                k.field == copy && k.function == key.function && k.span.file == key.span.file
            });
            if !filled {
                found.push((copy, key.function, key.span, receiver));
            }
        }
    }
    found.sort_by_key(|&(copy, function, span, _)| (span.file, function, copy, span));
    let &(copy, function, _, receiver) = found.first()?;
    let anchor = found
        .iter()
        .filter(|(c, f, span, _)| *c == copy && *f == function && span.file == found[0].2.file)
        .map(|&(_, _, span, _)| span)
        .max()?;
    let place = limit_place(model, receiver, limit)?;
    let copy_info = &model.fields[copy];
    let code = format!("{}: {},", ident(&limit_info.name), render(place));
    let same_type = copy_info.ty.idents == limit_info.ty.idents;
    // Numbers and durations, bare or optional, are copied out of a borrow.
    let copied = limit_info
        .ty
        .idents
        .iter()
        .all(|i| i == "Option" || i == "Duration" || TypeShape::NUMERIC.contains(&i.as_str()));
    let machine = same_type && copied;
    let copy_struct = &model.structs[copy_info.owner].name;
    let mut notes = Vec::new();
    if !machine {
        notes.push(format!(
            "`{}::{}` and `{}::{}` may not have the same type: the copy may need a conversion",
            model.struct_of(limit).name,
            limit_info.name,
            copy_struct,
            copy_info.name
        ));
    }
    Some(Draft {
        suggestion: Suggestion {
            message: format!(
                "copy `{}` into `{copy_struct}` beside the settings copied there",
                limit_info.name
            ),
            code,
            applicability: if machine {
                Applicability::MachineApplicable
            } else {
                Applicability::MaybeIncorrect
            },
            anchor: Some(anchor),
            replaces: None,
            parts: Vec::new(),
        },
        notes,
    })
}

/// A guard that compares a sibling limit of the same struct with a
/// counter: the same kind of limit (a count or a time) first, then the
/// first in the code.
struct SiblingCheck<'m> {
    check: &'m Check,
    sibling: FieldId,
    /// The side of the comparison the sibling is on.
    side: usize,
}

fn sibling_check(model: &Model, limit: FieldId, time_like_limit: bool) -> Option<SiblingCheck<'_>> {
    let owner = model.fields[limit].owner;
    let mut found = Vec::new();
    for check in &model.checks {
        if !check.enforces() || check.guard.is_none() || check.through_helper {
            continue;
        }
        for side in 0..2 {
            for &sibling in &check.sides[side] {
                let info = &model.fields[sibling];
                // A limit, or a number named otherwise
                // (`max_requests_per_turn`) that a guard compares.
                let bounds = match info.role {
                    Role::Limit { .. } | Role::TimeLimit => true,
                    Role::Other => info.ty.is_numeric() || info.ty.is_duration(),
                    _ => false,
                };
                if sibling == limit
                    || info.owner != owner
                    || !bounds
                    || !check.possible[1 - side].is_disjoint(&check.possible[side])
                {
                    continue;
                }
                let other_kind = time_like(model, sibling) != time_like_limit;
                found.push((other_kind, check.span, sibling, side, check));
            }
        }
    }
    found.sort_by_key(|&(other_kind, span, sibling, side, _)| (other_kind, span, sibling, side));
    let (_, _, sibling, side, check) = found.into_iter().next()?;
    Some(SiblingCheck {
        check,
        sibling,
        side,
    })
}

/// The error variant named after the limit: one production code never
/// constructs first.
pub(super) fn named_variant(model: &Model, limit: FieldId) -> Option<&Variant> {
    let names = crate::analysis::model::variant_names(&model.fields[limit].name);
    let mut found: Vec<&Variant> = model
        .glue
        .variants
        .iter()
        .filter(|v| names.contains(&v.name))
        .collect();
    found.sort_by_key(|v| (v.constructed, v.span));
    found.into_iter().next()
}

/// `return Err(Enum::Variant(…));` with the limit's value where a number
/// fits, and placeholders named after the other fields' types.
fn return_variant(
    model: &Model,
    variant: &Variant,
    value: &TokenStream,
    limit: FieldId,
) -> (TokenStream, Vec<String>) {
    use crate::analysis::facts::VariantFields;
    let enum_name = ident(&variant.enum_name);
    let name = ident(&variant.name);
    let mut placeholders = Vec::new();
    let mut used_value = false;
    let mut fill = |ty: &crate::analysis::facts::TypeShape, label: &str| -> TokenStream {
        if !used_value && ty.is_numeric() {
            used_value = true;
            return value.clone();
        }
        let placeholder = snake(label);
        placeholders.push(placeholder.clone());
        let placeholder = ident(&placeholder);
        quote!(#placeholder)
    };
    let constructed = match &variant.fields {
        VariantFields::Unit => quote!(#enum_name::#name),
        VariantFields::Tuple(types) => {
            let args: Vec<TokenStream> = types
                .iter()
                .map(|ty| fill(ty, ty.idents.last().map_or("value", String::as_str)))
                .collect();
            quote!(#enum_name::#name(#(#args),*))
        }
        VariantFields::Named(fields) => {
            let limit_name = &model.fields[limit].name;
            let args: Vec<TokenStream> = fields
                .iter()
                .map(|(field, ty)| {
                    let key = ident(field);
                    let about_limit = field == limit_name || field == "limit" || field == "max";
                    if about_limit && ty.is_numeric() && !used_value {
                        used_value = true;
                        return quote!(#key: #value);
                    }
                    placeholders.push(field.clone());
                    quote!(#key)
                })
                .collect();
            quote!(#enum_name::#name { #(#args),* })
        }
    };
    (quote!(return Err(#constructed);), placeholders)
}

/// `snake_case` for a type's name: `agent_id` for `AgentId`.
fn snake(name: &str) -> String {
    names::words(name).join("_")
}

/// Compares the limit with a counter as the sibling check compares the
/// sibling limit, after that check.
fn compare(
    model: &Model,
    db: &SourceDb,
    limit: FieldId,
    sibling: &SiblingCheck<'_>,
) -> Option<Draft> {
    let check = sibling.check;
    let guard = check.guard.as_ref()?.span;
    let compared = text::ordering(source(db, check.span)?)?;
    // Written as `counter OPERATOR limit`.
    let operator = if sibling.side == 1 {
        compared.operator
    } else {
        text::flipped(compared.operator)
    };
    let limit_name = &model.fields[limit].name;
    let sibling_name = &model.fields[sibling.sibling].name;
    let receiver = sibling_receiver(model, db, limit, check.function.as_ref().map(|f| f.span))
        .or_else(|| sibling_receiver(model, db, limit, None))?;
    let place = limit_place(model, &receiver, limit)?;
    let option = is_option(model, limit);
    let value = if option {
        let bound = ident(limit_name);
        quote!(#bound)
    } else {
        place.clone()
    };
    let (counter, counter_note) =
        counter_for(model, limit, sibling, compared.sides[1 - sibling.side]);
    let counter = tokens(&counter)?;
    let operator = tokens(operator)?;
    let variant = named_variant(model, limit);
    let mut notes = vec![counter_note];
    let body = match variant {
        Some(variant) => {
            let (body, placeholders) = return_variant(model, variant, &value, limit);
            if !placeholders.is_empty() {
                notes.push(format!(
                    "{} stand{} for what `{}::{}` reports besides the limit",
                    quoted_list(&placeholders),
                    if placeholders.len() == 1 { "s" } else { "" },
                    variant.enum_name,
                    variant.name
                ));
            }
            body
        }
        None => {
            let body = text::last_block(source(db, guard)?)?;
            let words = [(
                measured(sibling_name).replace('_', " "),
                measured(limit_name).replace('_', " "),
            )];
            let words: Vec<(&str, &str)> = words
                .iter()
                .map(|(a, b)| (a.as_str(), b.as_str()))
                .collect();
            let renamed = super::rewrite::rename(body, &[(sibling_name, limit_name)], &words)?;
            tokens(&renamed)?
        }
    };
    let inner = quote!(if #counter #operator #value { #body });
    let code = if option {
        let bound = ident(limit_name);
        quote!(if let Some(#bound) = #place { #inner })
    } else {
        inner
    };
    let message = match variant {
        Some(variant) => format!(
            "check `{limit_name}` where `{sibling_name}` is checked, returning `{}::{}`",
            variant.enum_name, variant.name
        ),
        None => format!("check `{limit_name}` as `{sibling_name}` is checked"),
    };
    Some(Draft {
        suggestion: Suggestion {
            message,
            code: text::layout(&render(code)),
            applicability: Applicability::HasPlaceholders,
            anchor: Some(guard),
            replaces: None,
            parts: Vec::new(),
        },
        notes,
    })
}

fn quoted_list(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The counter the drafted comparison reads, which nothing keeps yet: named
/// after a counter field on the sibling's side (`self.turns_made` beside
/// `self.requests_made`), or `turns_used`; and the note that says so.
fn counter_for(
    model: &Model,
    limit: FieldId,
    sibling: &SiblingCheck<'_>,
    counter_side: &str,
) -> (String, String) {
    let limit_measured = measured(&model.fields[limit].name);
    let sibling_measured = measured(&model.fields[sibling.sibling].name);
    let field_counter = sibling.check.sides[1 - sibling.side]
        .iter()
        .find_map(|&field| {
            let name = &model.fields[field].name;
            let counts = matches!(model.fields[field].role, Role::CountUp { .. });
            (counts && name.contains(&sibling_measured))
                .then(|| name.replacen(&sibling_measured, &limit_measured, 1))
                .map(|renamed| {
                    let receiver = counter_side
                        .find(name.as_str())
                        .and_then(|at| text::receiver_before(counter_side, at));
                    match receiver {
                        Some(receiver) => format!("{receiver}.{renamed}"),
                        None => renamed,
                    }
                })
        });
    let counter = field_counter.unwrap_or_else(|| format!("{limit_measured}_used"));
    let note = format!(
        "`{counter}` stands for a count of {}, which nothing keeps yet",
        limit_measured.replace('_', " ")
    );
    (counter, note)
}

/// A sibling handed to a method call, with where its value is in the call.
struct SiblingCall<'m> {
    site: &'m HandSite,
    tail: MethodTail,
    /// The sibling's argument with `{}` where the sibling's place was
    /// (`Duration::from_millis({})`).
    template: String,
}

fn sibling_calls<'m>(model: &'m Model, db: &'m SourceDb, limit: FieldId) -> Vec<SiblingCall<'m>> {
    let mut calls = Vec::new();
    for site in model.sibling_hand_sites(limit) {
        let Some(text) = source(db, site.span) else {
            continue;
        };
        let Some(tail) = text::method_tail(text, &site.callee) else {
            continue;
        };
        let reads = model
            .glue
            .sibling_reads
            .get(&site.field)
            .into_iter()
            .flatten();
        let args = site.span.start + tail.args.start..site.span.start + tail.args.end;
        let Some((read, _)) = reads.into_iter().find(|(span, _)| {
            span.file == site.span.file && args.start <= span.start && span.end <= args.end
        }) else {
            continue;
        };
        let file = db.get(site.span.file).text();
        let Some(receiver) = text::receiver_before(file, read.start) else {
            continue;
        };
        let place = (read.start - receiver.len() - 1)
            .checked_sub(args.start)
            .map(|start| start..read.end - args.start);
        let Some(arguments) = text.get(tail.args.clone()) else {
            continue;
        };
        let Some((before, after)) = place
            .and_then(|place| Some((arguments.get(..place.start)?, arguments.get(place.end..)?)))
        else {
            continue;
        };
        let template = format!("{before}{{}}{after}");
        calls.push(SiblingCall {
            site,
            tail,
            template,
        });
    }
    calls
}

/// Words two names share, leaving out those that say which way they bound.
fn shared_words(a: &str, b: &str) -> usize {
    let words = |name: &str| -> Vec<String> {
        names::words(&base_name(name))
            .into_iter()
            .filter(|w| !matches!(w.as_str(), "max" | "min" | "limit"))
            .map(|w| singular(&w).to_string())
            .collect()
    };
    let b = words(b);
    words(a).iter().filter(|w| b.contains(w)).count()
}

/// How a method the glue calls is known: declared in the analysed code on
/// a type that declares the sibling's method too, with one argument.
struct Method<'m> {
    name: String,
    definition: Option<&'m FnDef>,
}

fn method_for<'m>(model: &'m Model, limit: FieldId, sibling: FieldId, callee: &str) -> Method<'m> {
    let base = base_name(&model.fields[limit].name);
    let sibling_base = base_name(&model.fields[sibling].name);
    let analog = (!sibling_base.is_empty() && callee.contains(&sibling_base))
        .then(|| callee.replacen(&sibling_base, &base, 1));
    let mut candidates: Vec<String> = analog.iter().cloned().collect();
    candidates.extend([
        base.clone(),
        format!("with_{base}"),
        format!("set_{base}"),
        model.fields[limit].name.clone(),
    ]);
    let types: Vec<&str> = model
        .glue
        .methods
        .iter()
        .filter(|d| *d.function.name == *callee)
        .filter_map(|d| d.self_type.as_deref())
        .collect();
    for candidate in &candidates {
        let definition = model.glue.methods.iter().find(|d| {
            *d.function.name == **candidate
                && d.self_type.as_deref().is_some_and(|t| types.contains(&t))
                && d.params.len() == 1
                && builds(d)
        });
        if let Some(definition) = definition {
            return Method {
                name: candidate.clone(),
                definition: Some(definition),
            };
        }
    }
    Method {
        name: analog.unwrap_or(base),
        definition: None,
    }
}

/// A builder step: `self` in, `Self` out, or `&mut self`.
fn builds(definition: &FnDef) -> bool {
    match definition.receiver {
        Some(Receiver::Value) => definition
            .output
            .first()
            .is_some_and(|t| t == "Self" || Some(t.as_str()) == definition.self_type.as_deref()),
        Some(Receiver::RefMut) => true,
        _ => false,
    }
}

/// The argument the call takes: the limit in the unit its parameter wants.
struct Argument {
    code: String,
    /// Whether the unit is known, from the limit's type, name or doc.
    unit_known: bool,
}

fn argument(
    model: &Model,
    db: &SourceDb,
    limit: FieldId,
    value: &str,
    template: &str,
    wants_duration: bool,
) -> Argument {
    let info = &model.fields[limit];
    if !wants_duration || info.ty.is_duration() {
        let code = if wants_duration {
            value.to_string()
        } else {
            template.replace("{}", value)
        };
        return Argument {
            code,
            unit_known: true,
        };
    }
    let unit = unit_of(&info.name)
        .or_else(|| super::evidence::doc_of(model, db, limit).and_then(|doc| unit_in_doc(&doc)));
    let path = duration_path(template).unwrap_or("std::time::Duration::");
    Argument {
        code: format!("{path}{}({value})", unit.unwrap_or("from_secs")),
        unit_known: unit.is_some(),
    }
}

/// The limit as a numeric parameter of type `param` takes it: as it is,
/// or cast; `None` when one of them is not a number.
fn numeric_argument(
    model: &Model,
    limit: FieldId,
    value: &str,
    param: &[String],
) -> Option<String> {
    let limit_type = &model.fields[limit].ty;
    let param_type = crate::analysis::facts::TypeShape {
        idents: param.to_vec(),
    };
    if !limit_type.is_numeric() || !param_type.is_numeric() || param.len() != 1 {
        return None;
    }
    if limit_type.idents.last() == param.last() {
        return Some(value.to_string());
    }
    Some(format!("{value} as {}", param[0]))
}

/// `Duration::` as the sibling's argument names it (`Duration::from_millis`,
/// `std::time::Duration::from_millis`).
fn duration_path(template: &str) -> Option<&str> {
    let at = template.find("Duration::from_")?;
    let start = template[..at]
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .map_or(0, |i| i + 1);
    Some(&template[start..at + "Duration::".len()])
}

/// Passes the limit to the method analogous to the one a sibling is
/// passed to, in the function that hands over the most siblings.
fn pass_to_call(model: &Model, db: &SourceDb, limit: FieldId) -> Option<Draft> {
    let calls = sibling_calls(model, db, limit);
    let mut by_function: BTreeMap<Option<&FnRef>, Vec<&SiblingCall<'_>>> = BTreeMap::new();
    for call in &calls {
        by_function
            .entry(call.site.function.as_ref())
            .or_default()
            .push(call);
    }
    let (_, in_function) = by_function.into_iter().max_by_key(|(_, calls)| {
        let mut fields: Vec<FieldId> = calls.iter().map(|c| c.site.field).collect();
        fields.sort_unstable();
        fields.dedup();
        // More siblings first, then the earlier function.
        (
            fields.len(),
            std::cmp::Reverse(calls.iter().map(|c| c.site.span).min()),
        )
    })?;
    let limit_name = &model.fields[limit].name;
    let call = in_function
        .iter()
        .max_by_key(|c| {
            (
                shared_words(&model.fields[c.site.field].name, limit_name),
                c.site.span,
            )
        })
        .copied()?;
    let sibling = call.site.field;
    let method = method_for(model, limit, sibling, &call.site.callee);
    let wants_duration = match method.definition {
        Some(definition) => definition.params[0].ty.iter().any(|t| t == "Duration"),
        None => {
            call.template.contains("Duration::")
                || model.fields[sibling].ty.is_duration()
                || time_like(model, limit)
        }
    };
    let file = db.get(call.site.span.file).text();
    let place_receiver = {
        let args_start = call.site.span.start + call.tail.args.start;
        let reads = model.glue.sibling_reads.get(&sibling).into_iter().flatten();
        reads
            .filter(|(span, _)| span.start >= args_start)
            .find_map(|(span, _)| text::receiver_before(file, span.start))?
            .to_string()
    };
    let place = render(limit_place(model, &place_receiver, limit)?);
    let option = is_option(model, limit);
    let value = if option {
        limit_name.clone()
    } else {
        place.clone()
    };
    let mut argument = argument(model, db, limit, &value, &call.template, wants_duration);
    // A parameter the code declares takes the limit as its type says; a
    // value it cannot take leaves the glue uncertain.
    let fits = match method.definition {
        Some(definition) if !wants_duration => {
            let numeric = numeric_argument(model, limit, &value, &definition.params[0].ty);
            if let Some(code) = &numeric {
                argument.code.clone_from(code);
            }
            numeric.is_some()
        }
        Some(_) => true,
        None => false,
    };
    let step = tokens(&format!("{}({})", method.name, argument.code))?;
    let dot = call.site.span.start + call.tail.dot;
    let call_end = call.site.span.end;
    let binding = binding_around(model, call.site.span);
    let by_reference = method
        .definition
        .is_some_and(|d| d.receiver == Some(Receiver::RefMut));
    let chained = !option
        && text::starts_line(file, dot)
        && !text::rest_of_line(file, call_end).starts_with(';');
    let bound = ident(limit_name);
    let place = tokens(&place)?;
    let (code, anchor) = if chained {
        (
            format!(".{}", render(step)),
            Span {
                file: call.site.span.file,
                start: dot,
                end: call_end,
            },
        )
    } else if let Some((statement, name)) = binding {
        let mutable = text::binds_mutably(source(db, statement)?);
        let name = ident(&name);
        let code = match (option, by_reference, mutable) {
            (true, true, _) => quote!(if let Some(#bound) = #place { #name.#step; }),
            (true, false, true) => quote!(if let Some(#bound) = #place { #name = #name.#step; }),
            (true, false, false) => {
                quote!(let #name = match #place { Some(#bound) => #name.#step, None => #name, };)
            }
            (false, true, _) => quote!(#name.#step;),
            (false, false, true) => quote!(#name = #name.#step;),
            (false, false, false) => quote!(let #name = #name.#step;),
        };
        (text::layout(&render(code)), statement)
    } else {
        // A statement of its own on a local builder: `builder.base_url(…);`
        // (borrowed mutably) or `builder = builder.header(…);`.
        let call_text = source(db, call.site.span)?;
        let receiver = call_text[..call.tail.dot].trim();
        let simple = receiver.chars().all(|c| c.is_alphanumeric() || c == '_');
        let line_start = file[..call.site.span.start]
            .rfind('\n')
            .map_or(0, |i| i + 1);
        let before = file[line_start..call.site.span.start].trim();
        let assigned = before == format!("{receiver} =");
        if !simple || !text::rest_of_line(file, call_end).starts_with(';') {
            return None;
        }
        if !(assigned || before.is_empty() && by_reference) {
            return None;
        }
        let name = ident(receiver);
        let statement = if by_reference {
            quote!(#name.#step;)
        } else {
            quote!(#name = #name.#step;)
        };
        let code = if option {
            quote!(if let Some(#bound) = #place { #statement })
        } else {
            statement
        };
        let anchor = Span {
            file: call.site.span.file,
            start: line_start + file[line_start..].len() - file[line_start..].trim_start().len(),
            end: call_end,
        };
        (text::layout(&render(code)), anchor)
    };
    let mut notes = Vec::new();
    let verified = method.definition.is_some();
    if !verified {
        notes.push(format!(
            "`{}` is inferred from `{}`: the code analysed does not declare it beside `{}`",
            method.name, call.site.callee, call.site.callee
        ));
    }
    if verified && !fits {
        notes.push(format!(
            "`{}` takes a value of another kind than `{limit_name}`",
            method.name
        ));
    }
    if !argument.unit_known {
        notes.push(format!(
            "neither the name, the type nor the documentation of `{limit_name}` gives its unit: \
             seconds are a guess"
        ));
    }
    let applicability = if verified && fits && argument.unit_known {
        Applicability::MachineApplicable
    } else {
        Applicability::MaybeIncorrect
    };
    Some(Draft {
        suggestion: Suggestion {
            message: format!(
                "pass `{limit_name}` to `.{}(…)`, as `{}` is passed to `.{}(…)`",
                method.name, model.fields[sibling].name, call.site.callee
            ),
            code,
            applicability,
            anchor: Some(anchor),
            replaces: None,
            parts: Vec::new(),
        },
        notes,
    })
}

/// The `let NAME = …;` statement that holds `span`, the innermost.
pub(super) fn binding_around(model: &Model, span: Span) -> Option<(Span, String)> {
    model
        .bindings
        .iter()
        .filter(|b| {
            b.statement.file == span.file
                && b.statement.start <= span.start
                && span.end <= b.statement.end
        })
        .min_by_key(|b| b.statement.end - b.statement.start)
        .and_then(|b| match &b.pattern {
            Shape::Local(name) => Some((b.statement, name.clone())),
            _ => None,
        })
}

/// Passes the limit to a builder made in a function that reads the fields
/// beside it (`reqwest::Client::builder()` beside `config.headers`).
fn pass_to_builder(model: &Model, db: &SourceDb, limit: FieldId) -> Option<Draft> {
    let mut reads: Vec<(&Span, &FnRef)> = model
        .glue
        .sibling_reads
        .iter()
        .filter(|&(&sibling, _)| model.fields[sibling].owner == model.fields[limit].owner)
        .flat_map(|(_, reads)| reads.iter())
        .filter_map(|(span, function)| Some((span, function.as_ref()?)))
        .collect();
    reads.sort();
    let (binding, read) = reads.iter().find_map(|&(read, function)| {
        let binding = model.bindings.iter().find(|b| {
            b.function == *function
                && matches!(b.pattern, Shape::Local(_))
                && source(db, b.statement)
                    .is_some_and(|s| s.contains("builder(") || s.contains("Builder::"))
        })?;
        Some((binding, read))
    })?;
    let Shape::Local(name) = &binding.pattern else {
        return None;
    };
    let file = db.get(read.file).text();
    let receiver = text::receiver_before(file, read.start)?;
    let limit_name = &model.fields[limit].name;
    let place = limit_place(model, receiver, limit)?;
    let option = is_option(model, limit);
    let value = if option {
        limit_name.clone()
    } else {
        render(place.clone())
    };
    let argument = argument(model, db, limit, &value, "{}", time_like(model, limit));
    let method = base_name(limit_name);
    let step = tokens(&format!("{method}({})", argument.code))?;
    let mutable = text::binds_mutably(source(db, binding.statement)?);
    let name = ident(name);
    let bound = ident(limit_name);
    let code = match (option, mutable) {
        (true, true) => quote!(if let Some(#bound) = #place { #name = #name.#step; }),
        (true, false) => {
            quote!(let #name = match #place { Some(#bound) => #name.#step, None => #name, };)
        }
        (false, true) => quote!(#name = #name.#step;),
        (false, false) => quote!(let #name = #name.#step;),
    };
    let mut notes = vec![format!(
        "`{method}` is the limit's own name: the code analysed does not declare the builder, so \
         its method for this setting may be named otherwise"
    )];
    if !argument.unit_known {
        notes.push(format!(
            "neither the name, the type nor the documentation of `{limit_name}` gives its unit: \
             seconds are a guess"
        ));
    }
    Some(Draft {
        suggestion: Suggestion {
            message: format!(
                "pass `{limit_name}` to the builder made where `{}`'s other settings are read",
                model.struct_of(limit).name
            ),
            code: text::layout(&render(code)),
            applicability: Applicability::MaybeIncorrect,
            anchor: Some(binding.statement),
            replaces: None,
            parts: Vec::new(),
        },
        notes,
    })
}

/// A check with placeholders at the start of the function that reads the
/// most fields beside the limit.
fn check_where_read(model: &Model, db: &SourceDb, limit: FieldId) -> Option<Draft> {
    let mut by_function: BTreeMap<&FnRef, Vec<FieldId>> = BTreeMap::new();
    for (&sibling, reads) in &model.glue.sibling_reads {
        if model.fields[sibling].owner != model.fields[limit].owner {
            continue;
        }
        for (_, function) in reads {
            if let Some(function) = function {
                by_function.entry(function).or_default().push(sibling);
            }
        }
    }
    let (function, _) = by_function.into_iter().max_by_key(|(function, siblings)| {
        let mut distinct = siblings.clone();
        distinct.sort_unstable();
        distinct.dedup();
        (distinct.len(), std::cmp::Reverse(function.span))
    })?;
    let file = db.get(function.span.file).text();
    let body = text::body_start(file, function.span.start)?;
    let receiver = sibling_receiver(model, db, limit, Some(function.span))?;
    let limit_name = &model.fields[limit].name;
    let place = limit_place(model, &receiver, limit)?;
    let option = is_option(model, limit);
    let bound = ident(limit_name);
    let value = if option {
        quote!(#bound)
    } else {
        place.clone()
    };
    let (check, placeholders) = if time_like(model, limit) {
        let argument = argument(model, db, limit, &render(value.clone()), "{}", true);
        let argument = tokens(&argument.code)?;
        (
            quote!(if started.elapsed() >= #argument { return Err(timed_out); }),
            vec!["started".to_string(), "timed_out".to_string()],
        )
    } else {
        let used = format!("{}_used", measured(limit_name));
        let counter = ident(&used);
        (
            quote!(if #counter >= #value { return Err(limit_reached); }),
            vec![used, "limit_reached".to_string()],
        )
    };
    let code = if option {
        quote!(if let Some(#bound) = #place { #check })
    } else {
        check
    };
    let code = text::layout(&render(code))
        .lines()
        .map(|line| format!("    {line}"))
        .collect::<Vec<_>>()
        .join("\n");
    Some(Draft {
        suggestion: Suggestion {
            message: format!(
                "check `{limit_name}` in `{}`, which reads `{}`'s other settings",
                function.name,
                model.struct_of(limit).name
            ),
            code,
            applicability: Applicability::HasPlaceholders,
            anchor: Some(Span {
                file: function.span.file,
                start: body,
                end: body + 1,
            }),
            replaces: None,
            parts: Vec::new(),
        },
        notes: vec![format!(
            "{} stand{} for what the code does not have yet",
            quoted_list(&placeholders),
            if placeholders.len() == 1 { "s" } else { "" }
        )],
    })
}
