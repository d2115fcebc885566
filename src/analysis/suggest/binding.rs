//! Glue that reads a binding whose name starts with `_` would trip
//! `clippy::used_underscore_binding`: the binding is renamed where it is
//! bound, and wherever its block names it after that, as part of the fix.

use proc_macro2::{Delimiter, TokenStream, TokenTree};

use crate::analysis::facts::Span;
use crate::diagnostic::SuggestionPart;
use crate::input::source::SourceDb;

/// The name the glue reads, and the edits that give the binding that name:
/// none when `local` has no leading underscore. `None` when the file does
/// not tokenize or the binding cannot be found in `statement`.
pub fn readable_name(
    db: &SourceDb,
    statement: Span,
    local: &str,
) -> Option<(String, Vec<SuggestionPart>)> {
    let bare = local.trim_start_matches('_');
    if bare == local {
        return Some((local.to_string(), Vec::new()));
    }
    if bare.is_empty() {
        return None;
    }
    let text = db.get(statement.file).text();
    let tokens: TokenStream = text.parse().ok()?;
    let block = enclosing_block(tokens, statement.start)?;
    let mut occurrences = Vec::new();
    let mut taken = Vec::new();
    idents_in(block, &mut |name, start, end| {
        if name == local && start >= statement.start {
            occurrences.push(start..end);
        } else {
            taken.push(name.to_string());
        }
    });
    // The binding itself must be among them, or this is not its statement.
    if !occurrences.iter().any(|range| range.end <= statement.end) {
        return None;
    }
    let name = std::iter::once(bare.to_string())
        .chain((1..10).map(|n| format!("{bare}_{n}")))
        .find(|candidate| !taken.contains(candidate))?;
    let parts = occurrences
        .into_iter()
        .map(|range| SuggestionPart {
            span: Span {
                file: statement.file,
                start: range.start,
                end: range.end,
            },
            code: name.clone(),
        })
        .collect();
    Some((name, parts))
}

/// The innermost `{ … }` around `offset`: the scope of a `let` there.
fn enclosing_block(tokens: TokenStream, offset: usize) -> Option<TokenStream> {
    let mut block = None;
    let mut level = tokens;
    'descend: loop {
        for token in level {
            let TokenTree::Group(group) = token else {
                continue;
            };
            let range = group.span().byte_range();
            if range.start < offset && offset < range.end {
                if group.delimiter() == Delimiter::Brace {
                    block = Some(group.stream());
                }
                level = group.stream();
                continue 'descend;
            }
        }
        return block;
    }
}

fn idents_in(tokens: TokenStream, visit: &mut impl FnMut(&str, usize, usize)) {
    for token in tokens {
        match token {
            TokenTree::Ident(ident) => {
                let range = ident.span().byte_range();
                visit(&ident.to_string(), range.start, range.end);
            }
            TokenTree::Group(group) => idents_in(group.stream(), visit),
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
    }
}
