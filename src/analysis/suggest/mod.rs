//! The suggestion stage: turns each finding's fix into Rust code generated
//! with `quote`, anchored at a real place in the user's code and named
//! after the receivers that code already uses.

mod binding;
mod dead_limit;
mod evidence;
mod flow;
pub use flow::PATH_DEPTH as FLOW_PATH_DEPTH;
mod rewrite;
mod text;

use proc_macro2::{Ident, Span as TokenSpan, TokenStream};
use quote::quote;

use crate::analysis::facts::{FnRef, Span};
use crate::analysis::model::{FieldId, Model};
use crate::diagnostic::{Applicability, Finding, Fix, Suggestion};
use crate::input::source::SourceDb;

/// Fills in every finding's suggestion from its fix, and, for a limit
/// nothing reads, the evidence it rests on.
pub fn attach(model: &Model, db: &SourceDb, findings: &mut [Finding]) {
    for finding in findings {
        let Some(fix) = finding.fix.clone() else {
            continue;
        };
        finding.suggestion = match &fix {
            Fix::Spend { counter, trackers } => spend_counter(model, db, *counter, trackers),
            Fix::UseLimit { limit } => {
                evidence::unread_limit(model, db, *limit, finding);
                dead_limit::use_limit(model, db, *limit).map(|draft| {
                    finding.notes.extend(draft.notes);
                    draft.suggestion
                })
            }
            Fix::Check {
                counter,
                limit,
                function,
            } => {
                if model.read_siblings_of_unread(*limit).is_some() {
                    evidence::unread_limit(model, db, *limit, finding);
                }
                check_counter(model, db, *counter, *limit, function.as_ref())
            }
            Fix::RightLimit {
                comparison,
                wrong,
                right,
            } => right_limit(model, db, *comparison, *wrong, *right),
            Fix::Ordering {
                comparison,
                counter,
            } => ordering(model, db, *comparison, *counter),
        };
    }
}

pub(crate) fn ident(name: &str) -> Ident {
    let name = name.strip_prefix("r#").unwrap_or(name);
    if is_keyword(name) {
        Ident::new_raw(name, TokenSpan::call_site())
    } else {
        Ident::new(name, TokenSpan::call_site())
    }
}

fn is_keyword(name: &str) -> bool {
    matches!(
        name,
        "type"
            | "match"
            | "loop"
            | "move"
            | "ref"
            | "mod"
            | "use"
            | "fn"
            | "impl"
            | "struct"
            | "enum"
    )
}

fn tokens(text: &str) -> Option<TokenStream> {
    text.parse::<TokenStream>().ok()
}

/// Renders tokens the way people write them: `a.b += c;`, not `a . b += c ;`.
pub fn render(tokens: TokenStream) -> String {
    let text = tokens.to_string();
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    for (i, &c) in chars.iter().enumerate() {
        if c == '"' && (i == 0 || chars[i - 1] != '\\') {
            in_string = !in_string;
        }
        if c == ' ' && !in_string {
            let prev = i.checked_sub(1).map(|j| chars[j]);
            let next = chars.get(i + 1).copied();
            let glue_before = matches!(next, Some('.' | ',' | ';' | ')' | '?' | ']'))
                || (next == Some('(')
                    && prev.is_some_and(|p| p.is_alphanumeric() || p == '_' || p == '!'))
                || (next == Some(':') && chars.get(i + 2) == Some(&':'));
            let glue_after = matches!(prev, Some('.' | '(' | '['))
                || (prev == Some(':') && i >= 2 && chars[i - 2] == ':');
            if glue_before || glue_after {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// BL001: spend the counter where the amount its parallel tracker records
/// is in hand and the budget is reachable, renaming a binding whose `_`
/// says it is unused; failing that, beside a sibling dimension's spend,
/// with a placeholder amount.
fn spend_counter(
    model: &Model,
    db: &SourceDb,
    counter: FieldId,
    trackers: &[FieldId],
) -> Option<Suggestion> {
    let field = ident(&model.fields[counter].name);
    let countdown = model.pairing_of(counter).is_some_and(|p| p.countdown);
    let spend = |receiver: TokenStream, amount: TokenStream| {
        if countdown {
            quote!(#receiver.#field -= #amount;)
        } else {
            quote!(#receiver.#field += #amount;)
        }
    };
    let glue = flow::glue_site(model, counter, trackers).and_then(|glue| {
        let (amount, parts) = binding::readable_name(db, glue.after, &glue.amount)?;
        Some((glue, amount, parts))
    });
    if let Some((glue, amount, parts)) = glue {
        let (receiver, amount) = (tokens(&glue.receiver)?, tokens(&amount)?);
        return Some(Suggestion {
            message: format!(
                "spend `{}` by the amount `{}` records",
                model.fields[counter].name,
                model.field_path(glue.tracker)
            ),
            code: render(spend(receiver, amount)),
            applicability: Applicability::MaybeIncorrect,
            anchor: Some(glue.after),
            replaces: None,
            parts,
        });
    }
    let sibling = sibling_spend(model, counter);
    let receiver = sibling
        .as_ref()
        .and_then(|(_, site)| site.receiver.as_deref())
        .or(model.uses[counter].receiver.as_deref())
        .and_then(tokens)
        .unwrap_or_else(|| quote!(self));
    Some(Suggestion {
        message: match &sibling {
            Some((other, _)) => format!(
                "spend `{}` where `{}` is spent, by the amount the work costs",
                model.fields[counter].name, model.fields[*other].name
            ),
            None => format!(
                "spend `{}` where the budgeted work happens",
                model.fields[counter].name
            ),
        },
        code: render(spend(receiver, quote!(amount))),
        applicability: Applicability::HasPlaceholders,
        anchor: sibling.map(|(_, site)| site.span),
        replaces: None,
        parts: Vec::new(),
    })
}

/// The first production spend of another counter of the same struct.
fn sibling_spend(
    model: &Model,
    counter: FieldId,
) -> Option<(FieldId, crate::analysis::model::SpendSite)> {
    let owner = model.fields[counter].owner;
    model.structs[owner]
        .fields
        .iter()
        .copied()
        .filter(|&f| f != counter)
        .find_map(|f| Some((f, model.uses[f].spend_sites.first()?.clone())))
}

/// BL002, BL003, BL004: mirror a guard that checks a sibling dimension of
/// the same budget, renamed for this dimension; failing that, a check with
/// a placeholder consequence.
fn check_counter(
    model: &Model,
    db: &SourceDb,
    counter: FieldId,
    limit: FieldId,
    function: Option<&FnRef>,
) -> Option<Suggestion> {
    if let Some(mirrored) = rewrite::mirror_sibling_guard(model, db, counter, limit, function) {
        let indent = db
            .get(mirrored.after.file)
            .location(mirrored.after.start)
            .column
            - 1;
        return Some(Suggestion {
            message: format!(
                "check `{}` against `{}` as `{}` is checked",
                model.fields[counter].name,
                model.fields[limit].name,
                model.fields[mirrored.sibling].name
            ),
            code: dedent(&mirrored.code, indent),
            applicability: Applicability::MaybeIncorrect,
            anchor: Some(mirrored.after),
            replaces: None,
            parts: Vec::new(),
        });
    }
    let receiver = |field: FieldId| {
        model.uses[field]
            .receiver
            .as_deref()
            .and_then(tokens)
            .unwrap_or_else(|| quote!(self))
    };
    let counter_receiver = receiver(counter);
    // The check goes after a spend that is a statement of its own, or
    // after the `let` that holds one (a struct literal filling the
    // counter); nowhere when there is neither.
    let statement = model.uses[counter].spend_sites.iter().find(|site| {
        let file = db.get(site.span.file).text();
        text::rest_of_line(file, site.span.end).starts_with(';')
    });
    let anchor = statement.map(|site| site.span).or_else(|| {
        let first = model.uses[counter].production_spends.first()?;
        dead_limit::binding_around(model, *first).map(|(statement, _)| statement)
    });
    // A limit nothing reads is reached as the fields beside it are read,
    // in the function of the spend when they are read there: not as a
    // setter writes it.
    let spend = statement.or(model.uses[counter].spend_sites.first());
    let sibling_receiver = || {
        let function = spend.and_then(|site| site.function);
        function
            .and_then(|f| dead_limit::sibling_receiver(model, db, limit, Some(f)))
            .or_else(|| dead_limit::sibling_receiver(model, db, limit, None))
            .and_then(|r| tokens(&r))
    };
    let limit_receiver = if model.read_siblings_of_unread(limit).is_some() {
        sibling_receiver().unwrap_or_else(|| receiver(limit))
    } else if model.uses[limit].receiver.is_some() {
        receiver(limit)
    } else {
        counter_receiver.clone()
    };
    let counter_field = ident(&model.fields[counter].name);
    let limit_field = ident(&model.fields[limit].name);
    let code = quote! {
        if #counter_receiver.#counter_field >= #limit_receiver.#limit_field {
            return Err(budget_exhausted);
        }
    };
    Some(Suggestion {
        message: format!(
            "check `{}` against `{}` before the work it measures",
            model.fields[counter].name, model.fields[limit].name
        ),
        code: text::layout(&render(code)),
        applicability: Applicability::HasPlaceholders,
        anchor,
        replaces: None,
        parts: Vec::new(),
    })
}

/// Removes `columns` leading spaces from every line but the first, which
/// starts where the span did.
fn dedent(code: &str, columns: usize) -> String {
    code.lines()
        .enumerate()
        .map(|(i, line)| {
            let leading = line.len() - line.trim_start_matches(' ').len();
            if i == 0 {
                line
            } else {
                &line[leading.min(columns)..]
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn source(db: &SourceDb, span: Span) -> Option<&str> {
    db.get(span.file).text().get(span.start..span.end)
}

/// BL005: the same comparison with the counter's own limit.
fn right_limit(
    model: &Model,
    db: &SourceDb,
    comparison: Span,
    wrong: FieldId,
    right: FieldId,
) -> Option<Suggestion> {
    let renames = [(
        model.fields[wrong].name.as_str(),
        model.fields[right].name.as_str(),
    )];
    let code = rewrite::rename(source(db, comparison)?, &renames, &[])?;
    Some(Suggestion {
        message: format!("compare with `{}`", model.fields[right].name),
        code,
        applicability: Applicability::MaybeIncorrect,
        anchor: None,
        replaces: Some(comparison),
        parts: Vec::new(),
    })
}

/// BL006: the same comparison with an ordering that catches a jump past
/// the limit.
fn ordering(
    model: &Model,
    db: &SourceDb,
    comparison: Span,
    counter: FieldId,
) -> Option<Suggestion> {
    let code = rewrite::equality_to_ordering(source(db, comparison)?, &model.fields[counter].name)?;
    Some(Suggestion {
        message: "compare with an ordering, which a step past the limit cannot skip".to_string(),
        code,
        applicability: Applicability::MachineApplicable,
        anchor: None,
        replaces: Some(comparison),
        parts: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendering_glues_punctuation() {
        let recv: TokenStream = "state.budget".parse().unwrap();
        let field = ident("cost_used");
        let amount: TokenStream = "cost".parse().unwrap();
        assert_eq!(
            render(quote!(#recv.#field += #amount;)),
            "state.budget.cost_used += cost;"
        );
        assert_eq!(render(quote!(f(a, b::c)?)), "f(a, b::c)?");
        let guard: TokenStream = "if a.x >= a.max { return abort(s, \"tool calls\"); }"
            .parse()
            .unwrap();
        assert_eq!(
            render(guard),
            "if a.x >= a.max { return abort(s, \"tool calls\"); }"
        );
        assert_eq!(
            render("if a && x != y { }".parse().unwrap()),
            "if a && x != y { }"
        );
    }
}
