//! Token-level help for macros: splitting arguments, expanding
//! `macro_rules!` transcribers, and the last-resort scan for writes.

use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream, TokenTree};

use crate::analysis::facts::AccessKind;

/// Splits a token stream at top-level occurrences of `separator`.
pub fn split_top_level(tokens: TokenStream, separator: char) -> Vec<TokenStream> {
    let mut pieces = vec![Vec::new()];
    for token in tokens {
        match &token {
            TokenTree::Punct(p) if p.as_char() == separator => pieces.push(Vec::new()),
            _ => {
                if let Some(last) = pieces.last_mut() {
                    last.push(token);
                }
            }
        }
    }
    pieces
        .into_iter()
        .filter(|p| !p.is_empty())
        .map(TokenStream::from_iter)
        .collect()
}

/// Parses statements one after another; where none parses, skips to the
/// next top-level `;`, so that one odd construct (a stray metavariable, a
/// macro-specific token) loses only its statement, in linear time.
pub fn parse_statements_leniently(tokens: TokenStream) -> Vec<syn::Stmt> {
    let parser = |input: syn::parse::ParseStream| -> syn::Result<Vec<syn::Stmt>> {
        use syn::parse::discouraged::Speculative;
        let mut stmts = Vec::new();
        while !input.is_empty() {
            let fork = input.fork();
            match fork.parse::<syn::Stmt>() {
                Ok(stmt) => {
                    input.advance_to(&fork);
                    stmts.push(stmt);
                }
                Err(_) => {
                    while !input.is_empty() {
                        let token = input.parse::<TokenTree>()?;
                        if matches!(&token, TokenTree::Punct(p) if p.as_char() == ';') {
                            break;
                        }
                    }
                }
            }
        }
        Ok(stmts)
    };
    syn::parse::Parser::parse2(parser, tokens).unwrap_or_default()
}

/// The transcribers of a `macro_rules!` body: `(matcher) => { transcriber };`.
pub fn transcribers(tokens: TokenStream) -> Vec<TokenStream> {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i + 3 < tokens.len() {
        let arrow = matches!(&tokens[i + 1], TokenTree::Punct(p) if p.as_char() == '=')
            && matches!(&tokens[i + 2], TokenTree::Punct(p) if p.as_char() == '>');
        match (&tokens[i], arrow, &tokens[i + 3]) {
            (TokenTree::Group(_), true, TokenTree::Group(body)) => {
                found.push(body.stream());
                i += 4;
            }
            _ => i += 1,
        }
    }
    found
}

/// Turns `$name` into `name` and `$( … ) sep *` into one copy of its
/// contents, recursively, keeping every token's span.
pub fn substitute(tokens: TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let is_dollar = matches!(&tokens[i], TokenTree::Punct(p) if p.as_char() == '$');
        if !is_dollar {
            out.push(match &tokens[i] {
                TokenTree::Group(group) => {
                    let mut copy = Group::new(group.delimiter(), substitute(group.stream()));
                    copy.set_span(group.span());
                    TokenTree::Group(copy)
                }
                other => other.clone(),
            });
            i += 1;
            continue;
        }
        match tokens.get(i + 1) {
            Some(TokenTree::Ident(name)) => {
                let text = name.to_string();
                let text = if text == "crate" {
                    "krate".to_string()
                } else {
                    text
                };
                out.push(TokenTree::Ident(Ident::new(&text, name.span())));
                i += 2;
            }
            Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Parenthesis => {
                // A repetition of bare captures (`$($body)*`) is the caller's
                // code, analyzed where the macro is called.
                if !only_metavariables(&group.stream()) {
                    out.extend(substitute(group.stream()));
                }
                i += 2;
                // Skip an optional separator and the repetition operator.
                for _ in 0..2 {
                    if let Some(TokenTree::Punct(p)) = tokens.get(i)
                        && matches!(p.as_char(), '*' | '+' | '?' | ',' | ';')
                    {
                        let operator = matches!(p.as_char(), '*' | '+' | '?');
                        i += 1;
                        if operator {
                            break;
                        }
                    }
                }
            }
            _ => i += 1,
        }
    }
    out.into_iter().collect()
}

fn only_metavariables(tokens: &TokenStream) -> bool {
    let tokens: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        match (&tokens[i], tokens.get(i + 1)) {
            (TokenTree::Punct(p), Some(TokenTree::Ident(_))) if p.as_char() == '$' => i += 2,
            (TokenTree::Punct(p), _) if matches!(p.as_char(), ',' | ';') => i += 1,
            _ => return false,
        }
    }
    !tokens.is_empty()
}

/// A `. field +=` or `. field -=` found by scanning tokens.
pub struct ScannedWrite {
    pub field: String,
    pub kind: AccessKind,
    pub span: Span,
}

pub fn scan_compound_writes(tokens: TokenStream) -> Vec<ScannedWrite> {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut writes = Vec::new();
    for window in tokens.windows(4) {
        let [
            TokenTree::Punct(dot),
            TokenTree::Ident(field),
            TokenTree::Punct(op),
            TokenTree::Punct(eq),
        ] = window
        else {
            continue;
        };
        if dot.as_char() != '.' || eq.as_char() != '=' {
            continue;
        }
        let kind = match op.as_char() {
            '+' => AccessKind::Increase,
            '-' => AccessKind::Decrease,
            _ => continue,
        };
        writes.push(ScannedWrite {
            field: field.to_string(),
            kind,
            span: field.span(),
        });
    }
    for token in tokens {
        if let TokenTree::Group(group) = token {
            writes.extend(scan_compound_writes(group.stream()));
        }
    }
    writes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metavariables_and_repetitions_are_expanded_once() {
        let body: TokenStream = "$this.depth -= 1; $( f($x); )* $( $body )* $this.depth += 1;"
            .parse()
            .unwrap();
        let text = substitute(body).to_string();
        assert_eq!(text, "this . depth -= 1 ; f (x) ; this . depth += 1 ;");
    }

    #[test]
    fn transcribers_are_found_per_rule() {
        let rules: TokenStream = "($a:expr) => { $a.x += 1 }; () => ( f() );"
            .parse()
            .unwrap();
        assert_eq!(transcribers(rules).len(), 2);
    }

    #[test]
    fn scan_finds_compound_writes_in_nested_groups() {
        let tokens: TokenStream = "{ weird @ s.gas_used += cost ; }".parse().unwrap();
        let writes = scan_compound_writes(tokens);
        assert_eq!(writes.len(), 1);
        assert_eq!(writes[0].field, "gas_used");
    }
}
