//! Token-level help for macros: splitting arguments, expanding
//! `macro_rules!` transcribers, and the last-resort scan for writes.

use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream, TokenTree};

use crate::analysis::facts::AccessKind;

/// A statement of a macro's input, or the tokens up to the next top-level
/// `;` where none parses.
pub enum Lenient {
    Stmt(Box<syn::Stmt>),
    Skipped(TokenStream),
}

/// Parses statements one after another; where none parses, skips to the
/// next top-level `;` and keeps the skipped tokens, so that one odd
/// construct (a stray metavariable, a macro-specific token) loses only its
/// statement, in linear time.
pub fn parse_statements_leniently(tokens: TokenStream) -> Vec<Lenient> {
    let parser = |input: syn::parse::ParseStream| -> syn::Result<Vec<Lenient>> {
        use syn::parse::discouraged::Speculative;
        let mut parts = Vec::new();
        while !input.is_empty() {
            let fork = input.fork();
            match fork.parse::<syn::Stmt>() {
                Ok(stmt) => {
                    input.advance_to(&fork);
                    parts.push(Lenient::Stmt(Box::new(stmt)));
                }
                Err(_) => {
                    let mut skipped = Vec::new();
                    while !input.is_empty() {
                        let token = input.parse::<TokenTree>()?;
                        if matches!(&token, TokenTree::Punct(p) if p.as_char() == ';') {
                            break;
                        }
                        skipped.push(token);
                    }
                    parts.push(Lenient::Skipped(skipped.into_iter().collect()));
                }
            }
        }
        Ok(parts)
    };
    syn::parse::Parser::parse2(parser, tokens).unwrap_or_default()
}

/// Splits a token stream at top-level `,`, `;` and `=>`: the pieces of a
/// macro input whose syntax is the macro's own (`cond => value`, `key:
/// value`), each of which may still be an expression.
pub fn split_pieces(tokens: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut pieces = vec![Vec::new()];
    let mut tokens = tokens.into_iter().peekable();
    while let Some(token) = tokens.next() {
        if let TokenTree::Punct(p) = &token {
            let arrow = p.as_char() == '='
                && p.spacing() == proc_macro2::Spacing::Joint
                && matches!(tokens.peek(), Some(TokenTree::Punct(next)) if next.as_char() == '>');
            if arrow {
                tokens.next();
                pieces.push(Vec::new());
                continue;
            }
            if matches!(p.as_char(), ',' | ';') {
                pieces.push(Vec::new());
                continue;
            }
        }
        if let Some(last) = pieces.last_mut() {
            last.push(token);
        }
    }
    pieces.retain(|p| !p.is_empty());
    pieces
}

/// The identifiers that follow a `.` at the top level of some tokens and
/// are not called as methods: the fields a piece of a macro's input names.
pub fn dotted_fields(tokens: &[TokenTree]) -> Vec<(String, Span)> {
    let mut found = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let TokenTree::Punct(dot) = token else {
            continue;
        };
        if dot.as_char() != '.' || dot.spacing() == proc_macro2::Spacing::Joint {
            continue;
        }
        let Some(TokenTree::Ident(name)) = tokens.get(i + 1) else {
            continue;
        };
        let called = matches!(
            tokens.get(i + 2),
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis
        );
        // `. name +=` and `. name -=` are writes, which `compound_writes` finds.
        let stepped = matches!(
            (tokens.get(i + 2), tokens.get(i + 3)),
            (Some(TokenTree::Punct(op)), Some(TokenTree::Punct(eq)))
                if matches!(op.as_char(), '+' | '-') && eq.as_char() == '='
        );
        if !called && !stepped {
            found.push((name.to_string(), name.span()));
        }
    }
    found
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
    let mut writes = Vec::new();
    let mut pending = vec![tokens];
    while let Some(tokens) = pending.pop() {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        writes.extend(compound_writes(&tokens));
        for token in tokens {
            if let TokenTree::Group(group) = token {
                pending.push(group.stream());
            }
        }
    }
    writes
}

/// The `. field +=` and `. field -=` among some tokens, not inside their
/// groups.
pub fn compound_writes(tokens: &[TokenTree]) -> Vec<ScannedWrite> {
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
