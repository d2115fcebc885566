//! Suggested glue code, generated with `quote` from the names the model
//! found and the receivers the user's code already writes.

use proc_macro2::{Ident, Span as TokenSpan, TokenStream};
use quote::quote;

use crate::facts::Span;
use crate::lints::{Applicability, Suggestion};
use crate::model::{FieldId, Model};

/// The receiver expression production code uses for a field, parsed back
/// into tokens; `self` when none was seen.
fn receiver(model: &Model, field: FieldId) -> TokenStream {
    model.uses[field]
        .receiver
        .as_deref()
        .and_then(|text| text.parse::<TokenStream>().ok())
        .unwrap_or_else(|| quote!(self))
}

fn ident(name: &str) -> Ident {
    let name = name.strip_prefix("r#").unwrap_or(name);
    if syn_keyword(name) {
        Ident::new_raw(name, TokenSpan::call_site())
    } else {
        Ident::new(name, TokenSpan::call_site())
    }
}

fn syn_keyword(name: &str) -> bool {
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

/// Renders tokens the way people write them: `a.b += c;`, not `a . b += c ;`.
pub fn render(tokens: TokenStream) -> String {
    let text = tokens.to_string();
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|j| chars[j]);
        let next = chars.get(i + 1).copied();
        if c == ' ' {
            let glue_before = matches!(next, Some('.' | ',' | ';' | ')' | '(' | '?' | ']'))
                || matches!(next, Some(':')) && chars.get(i + 2) == Some(&':');
            let glue_after = matches!(prev, Some('.' | '(' | '!' | '&' | '['))
                || (prev == Some(':') && i >= 2 && chars[i - 2] == ':');
            let keep_for_bang = prev == Some('!') && i >= 2 && chars[i - 2] == ' ';
            if (glue_before || glue_after) && !keep_for_bang {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// BL001: spend the counter where its parallel tracker is spent, by the
/// tracker's amount; without a tracker, by a placeholder amount.
pub fn spend_counter(
    model: &Model,
    counter: FieldId,
    trackers: &[(FieldId, Span)],
) -> Option<Suggestion> {
    let recv = receiver(model, counter);
    let field = ident(&model.fields[counter].name);
    let countdown = model
        .pairings
        .iter()
        .any(|p| p.counter == counter && p.countdown);
    let tracker = trackers.first();
    let amount = tracker
        .and_then(|&(t, _)| model.uses[t].amounts.first())
        .and_then(|text| text.parse::<TokenStream>().ok());
    let (amount, applicability) = match amount {
        Some(amount) => (amount, Applicability::MaybeIncorrect),
        None => (quote!(amount), Applicability::HasPlaceholders),
    };
    let code = if countdown {
        quote!(#recv.#field -= #amount;)
    } else {
        quote!(#recv.#field += #amount;)
    };
    let message = match tracker {
        Some(&(t, _)) => format!(
            "spend `{}` where `{}` records the same amount",
            model.fields[counter].name,
            crate::lints::field_path(model, t)
        ),
        None => format!(
            "spend `{}` where the budgeted work happens",
            model.fields[counter].name
        ),
    };
    Some(Suggestion {
        message,
        code: render(code),
        applicability,
        anchor: tracker.map(|&(_, span)| span),
    })
}

/// BL002 and BL003: compare the counter with its limit before spending.
pub fn check_counter(model: &Model, counter: FieldId, limit: FieldId) -> Option<Suggestion> {
    let counter_recv = receiver(model, counter);
    let limit_recv = match model.uses[limit].receiver {
        Some(_) => receiver(model, limit),
        None => counter_recv.clone(),
    };
    let counter_field = ident(&model.fields[counter].name);
    let limit_field = ident(&model.fields[limit].name);
    let what = model.stem(counter).unwrap_or("budget").replace('_', " ");
    let message_text = format!("{what} budget exhausted");
    let code = quote! {
        if #counter_recv.#counter_field >= #limit_recv.#limit_field {
            return Err(#message_text.into());
        }
    };
    Some(Suggestion {
        message: format!(
            "check `{}` against `{}` before the work it measures",
            model.fields[counter].name, model.fields[limit].name
        ),
        code: render(code),
        applicability: Applicability::HasPlaceholders,
        anchor: model.uses[counter].production_spends.first().copied(),
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
    }
}
