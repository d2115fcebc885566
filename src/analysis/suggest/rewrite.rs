//! Token rewriting: a sibling's guard renamed for another dimension, a
//! comparison with another limit or another operator.

use std::ops::Range;

use proc_macro2::{Literal, Spacing, TokenStream, TokenTree};

use crate::analysis::facts::{FnRef, Span};
use crate::analysis::model::{FieldId, Model};
use crate::analysis::names::Role;
use crate::input::source::SourceDb;

pub struct Mirrored {
    pub sibling: FieldId,
    /// The sibling's guard, renamed, in the sibling's own layout.
    pub code: String,
    pub after: Span,
}

/// A guard (`if counter >= limit { … }`) on a sibling dimension of the same
/// budget, preferably in `function`, rewritten for `counter` and `limit`.
pub fn mirror_sibling_guard(
    model: &Model,
    db: &SourceDb,
    counter: FieldId,
    limit: FieldId,
    function: Option<&FnRef>,
) -> Option<Mirrored> {
    let owner = model.fields[counter].owner;
    let limit_owner = model.fields[limit].owner;
    let mut candidates = Vec::new();
    for check in model.checks.iter().filter(|c| c.enforces()) {
        let Some(guard) = &check.guard else {
            continue;
        };
        for pairing in &model.pairings {
            let sibling = pairing.counter;
            if sibling == counter || model.fields[sibling].owner != owner {
                continue;
            }
            let Some(&sibling_limit) = pairing.limits.iter().find(|&&l| {
                model.fields[l].owner == limit_owner && check.relates(sibling, &[l], true)
            }) else {
                continue;
            };
            let in_function = function.is_some_and(|f| check.function.as_ref() == Some(f));
            candidates.push((!in_function, guard.span, sibling, sibling_limit));
        }
    }
    candidates.sort_by_key(|c| (c.0, c.1));
    let (_, after, sibling, sibling_limit) = candidates.into_iter().next()?;
    let text = db.get(after.file).text().get(after.start..after.end)?;
    let renames = [
        (
            model.fields[sibling].name.as_str(),
            model.fields[counter].name.as_str(),
        ),
        (
            model.fields[sibling_limit].name.as_str(),
            model.fields[limit].name.as_str(),
        ),
    ];
    let words = [(display_word(model, sibling)?, display_word(model, counter)?)];
    let word_renames: Vec<(&str, &str)> = words
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let code = rename(text, &renames, &word_renames)?;
    Some(Mirrored {
        sibling,
        code,
        after,
    })
}

/// How people write a dimension in messages: `tool calls` for `tool_call`.
fn display_word(model: &Model, field: FieldId) -> Option<String> {
    match &model.fields[field].role {
        Role::CountUp { stem } | Role::Countdown { stem } => Some(stem.replace('_', " ")),
        _ => None,
    }
}

/// Renames identifiers, and words inside string literals (with or without
/// a plural `s`), in source text, keeping its layout: each replaced token
/// is found by its span in the text.
pub fn rename(text: &str, idents: &[(&str, &str)], words: &[(&str, &str)]) -> Option<String> {
    let tokens: TokenStream = text.parse().ok()?;
    let mut edits = Vec::new();
    collect_renames(tokens, idents, words, &mut edits);
    Some(apply(text, edits))
}

fn collect_renames(
    tokens: TokenStream,
    idents: &[(&str, &str)],
    words: &[(&str, &str)],
    edits: &mut Vec<(Range<usize>, String)>,
) {
    for token in tokens {
        match token {
            TokenTree::Ident(ident) => {
                if let Some((_, to)) = idents.iter().find(|(from, _)| ident == from) {
                    edits.push((ident.span().byte_range(), to.to_string()));
                }
            }
            TokenTree::Group(group) => collect_renames(group.stream(), idents, words, edits),
            TokenTree::Literal(literal) => {
                if let Some(renamed) = rename_in_string(&literal, words) {
                    edits.push((literal.span().byte_range(), renamed));
                }
            }
            TokenTree::Punct(_) => {}
        }
    }
}

fn apply(text: &str, mut edits: Vec<(Range<usize>, String)>) -> String {
    edits.sort_by_key(|(range, _)| std::cmp::Reverse(range.start));
    let mut out = text.to_string();
    for (range, replacement) in edits {
        if range.end <= out.len()
            && out.is_char_boundary(range.start)
            && out.is_char_boundary(range.end)
        {
            out.replace_range(range, &replacement);
        }
    }
    out
}

fn rename_in_string(literal: &Literal, words: &[(&str, &str)]) -> Option<String> {
    let text = literal.to_string();
    let content = text.strip_prefix('"').and_then(|t| t.strip_suffix('"'))?;
    for (from, to) in words {
        for (from, to) in [
            (format!("{from}s"), format!("{to}s")),
            (from.to_string(), to.to_string()),
        ] {
            if let Some(renamed) = replace_word(content, &from, &to) {
                return Some(format!("\"{renamed}\""));
            }
        }
    }
    None
}

/// Replaces whole-word occurrences; `None` when there are none.
fn replace_word(text: &str, from: &str, to: &str) -> Option<String> {
    let mut out = String::new();
    let mut rest = text;
    let mut replaced = false;
    while let Some(index) = rest.find(from) {
        let before = rest[..index].chars().next_back();
        let after = rest[index + from.len()..].chars().next();
        let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric() && c != '_');
        out.push_str(&rest[..index]);
        if boundary(before) && boundary(after) {
            out.push_str(to);
            replaced = true;
        } else {
            out.push_str(from);
        }
        rest = &rest[index + from.len()..];
    }
    out.push_str(rest);
    replaced.then_some(out)
}

/// `a == b` as `a >= b` when `a` holds the counter (`<=` when `b` does);
/// `!=` as `<` or `>`. Edits the source text in place.
pub fn equality_to_ordering(text: &str, counter: &str) -> Option<String> {
    let tokens: Vec<TokenTree> = text.parse::<TokenStream>().ok()?.into_iter().collect();
    let operator = tokens.windows(2).position(|pair| match pair {
        [TokenTree::Punct(a), TokenTree::Punct(b)] => {
            matches!(a.as_char(), '=' | '!') && b.as_char() == '=' && a.spacing() == Spacing::Joint
        }
        _ => false,
    })?;
    let equal = matches!(&tokens[operator], TokenTree::Punct(p) if p.as_char() == '=');
    let counter_first = contains_ident(&tokens[..operator], counter);
    let replacement = match (equal, counter_first) {
        (true, true) => ">=",
        (true, false) => "<=",
        (false, true) => "<",
        (false, false) => ">",
    };
    let range =
        tokens[operator].span().byte_range().start..tokens[operator + 1].span().byte_range().end;
    Some(apply(text, vec![(range, replacement.to_string())]))
}

fn contains_ident(tokens: &[TokenTree], name: &str) -> bool {
    tokens.iter().any(|t| match t {
        TokenTree::Ident(ident) => ident == name,
        TokenTree::Group(group) => {
            contains_ident(&group.stream().into_iter().collect::<Vec<_>>(), name)
        }
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renaming_reaches_identifiers_and_words_in_strings() {
        let guard = "if s.turns_used >= s.max_turns {\n    return abort(s, \"turns\");\n}";
        let renamed = rename(
            guard,
            &[
                ("turns_used", "tool_calls_used"),
                ("max_turns", "max_tool_calls"),
            ],
            &[("turn", "tool call")],
        );
        assert_eq!(
            renamed.as_deref(),
            Some(
                "if s.tool_calls_used >= s.max_tool_calls {\n    return abort(s, \"tool calls\");\n}"
            )
        );
    }

    #[test]
    fn equality_becomes_the_ordering_the_counter_side_needs() {
        let rewrite = |text: &str| equality_to_ordering(text, "used").unwrap();
        assert_eq!(rewrite("b.used == b.cap"), "b.used >= b.cap");
        assert_eq!(rewrite("b.cap == b.used"), "b.cap <= b.used");
        assert_eq!(rewrite("b.used != b.cap"), "b.used < b.cap");
        assert_eq!(rewrite("b.used  ==  b.cap"), "b.used  >=  b.cap");
    }
}
