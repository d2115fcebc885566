//! Spans of expressions without printing them. syn's `Spanned` prints a
//! node to tokens and joins the spans of the first and the last, which
//! costs the size of the node, at every level of a nested one; for the
//! shapes parsed code has, the tree tells those two tokens directly, and
//! every other shape falls back to `Spanned`.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Expr, ExprCall, ExprIf, ExprMethodCall, Local, Member};

use super::memo::Memo;

/// How many leftmost operands deep a first token is looked for before the
/// memo keeps the answer for every node on the way.
const MEMO_DEPTH: usize = 4;

pub(super) fn method_call(call: &ExprMethodCall, memo: &Memo) -> Span {
    let first = call
        .attrs
        .is_empty()
        .then(|| first_token(&call.receiver, memo));
    joined(first.flatten(), Some(call.paren_token.span.join())).unwrap_or_else(|| call.span())
}

pub(super) fn call(call: &ExprCall, memo: &Memo) -> Span {
    let first = call.attrs.is_empty().then(|| first_token(&call.func, memo));
    joined(first.flatten(), Some(call.paren_token.span.join())).unwrap_or_else(|| call.span())
}

/// The span of any expression, as `Spanned` tells it.
pub(super) fn expr(expr: &Expr, memo: &Memo) -> Span {
    joined(first_token(expr, memo), last_token(expr, memo)).unwrap_or_else(|| expr.span())
}

/// The span of an `if` without `else`.
pub(super) fn guard(expr: &ExprIf) -> Span {
    let first = (expr.attrs.is_empty() && expr.else_branch.is_none()).then_some(expr.if_token.span);
    joined(first, Some(expr.then_branch.brace_token.span.join())).unwrap_or_else(|| expr.span())
}

pub(super) fn local(local: &Local) -> Span {
    let first = local.attrs.is_empty().then_some(local.let_token.span);
    joined(first, Some(local.semi_token.span)).unwrap_or_else(|| local.span())
}

/// As `Spanned` joins them: where the spans are in different sources, the
/// first alone.
fn joined(first: Option<Span>, last: Option<Span>) -> Option<Span> {
    let (first, last) = (first?, last?);
    Some(first.join(last).unwrap_or(first))
}

/// The span of the first token `expr` prints, where it prints without
/// added parentheses. Every node on the way down to it shares it, so a
/// long walk leaves the answer for each of them.
fn first_token(expr: &Expr, memo: &Memo) -> Option<Span> {
    let mut walked = Vec::new();
    let mut current = expr;
    let found = loop {
        if let Some(known) = memo.first_token(current) {
            break known;
        }
        let next = match current {
            Expr::Path(e) if e.attrs.is_empty() && e.qself.is_none() => {
                break match &e.path.leading_colon {
                    Some(colons) => Some(colons.spans[0]),
                    None => e.path.segments.first().map(|s| s.ident.span()),
                };
            }
            Expr::Field(e) if e.attrs.is_empty() => &*e.base,
            Expr::MethodCall(e) if e.attrs.is_empty() => &*e.receiver,
            Expr::Call(e) if e.attrs.is_empty() && !matches!(*e.func, Expr::Field(_)) => &*e.func,
            Expr::Index(e) if e.attrs.is_empty() => &*e.expr,
            Expr::Paren(e) if e.attrs.is_empty() => break Some(e.paren_token.span.join()),
            Expr::Lit(e) if e.attrs.is_empty() => break Some(e.lit.span()),
            Expr::Binary(e) if e.attrs.is_empty() => &*e.left,
            Expr::Assign(e) if e.attrs.is_empty() => &*e.left,
            Expr::Cast(e) if e.attrs.is_empty() => &*e.expr,
            Expr::Try(e) if e.attrs.is_empty() => &*e.expr,
            Expr::Await(e) if e.attrs.is_empty() => &*e.base,
            Expr::Unary(e) if e.attrs.is_empty() => break Some(e.op.span()),
            Expr::Reference(e) if e.attrs.is_empty() => break Some(e.and_token.span),
            Expr::Macro(e) if e.attrs.is_empty() => break path_start(&e.mac.path),
            Expr::Struct(e) if e.attrs.is_empty() && e.qself.is_none() => {
                break path_start(&e.path);
            }
            Expr::Array(e) if e.attrs.is_empty() => break Some(e.bracket_token.span.join()),
            Expr::Tuple(e) if e.attrs.is_empty() => break Some(e.paren_token.span.join()),
            _ => break None,
        };
        walked.push(current);
        current = next;
    };
    if walked.len() >= MEMO_DEPTH {
        for node in walked {
            memo.set_first_token(node, found);
        }
    }
    found
}

fn path_start(path: &syn::Path) -> Option<Span> {
    match &path.leading_colon {
        Some(colons) => Some(colons.spans[0]),
        None => path.segments.first().map(|s| s.ident.span()),
    }
}

/// The span of the last token `expr` prints, for the shapes whose last
/// token is their own.
fn last_token(expr: &Expr, memo: &Memo) -> Option<Span> {
    let mut walked = Vec::new();
    let mut current = expr;
    let found = loop {
        if let Some(known) = memo.last_token(current) {
            break known;
        }
        match last_step(current) {
            Step::Operand(next) => {
                walked.push(current);
                current = next;
            }
            Step::Token(found) => break found,
        }
    };
    if walked.len() >= MEMO_DEPTH {
        for node in walked {
            memo.set_last_token(node, found);
        }
    }
    found
}

enum Step<'a> {
    /// The operand that prints last.
    Operand(&'a Expr),
    /// The last token, when the shape tells it.
    Token(Option<Span>),
}

fn last_step(current: &Expr) -> Step<'_> {
    match current {
        Expr::Path(e) if e.attrs.is_empty() && e.qself.is_none() => {
            let last = e.path.segments.last();
            Step::Token(
                last.filter(|l| l.arguments.is_none())
                    .map(|l| l.ident.span()),
            )
        }
        Expr::Field(e) if e.attrs.is_empty() => Step::Token(Some(match &e.member {
            Member::Named(name) => name.span(),
            Member::Unnamed(index) => index.span,
        })),
        Expr::MethodCall(e) if e.attrs.is_empty() => Step::Token(Some(e.paren_token.span.join())),
        Expr::Call(e) if e.attrs.is_empty() => Step::Token(Some(e.paren_token.span.join())),
        Expr::Index(e) if e.attrs.is_empty() => Step::Token(Some(e.bracket_token.span.join())),
        Expr::Paren(e) if e.attrs.is_empty() => Step::Token(Some(e.paren_token.span.join())),
        Expr::Lit(e) if e.attrs.is_empty() => Step::Token(Some(e.lit.span())),
        Expr::Try(e) if e.attrs.is_empty() => Step::Token(Some(e.question_token.span)),
        Expr::Await(e) if e.attrs.is_empty() => Step::Token(Some(e.await_token.span)),
        Expr::Binary(e) if e.attrs.is_empty() => Step::Operand(&e.right),
        Expr::Assign(e) if e.attrs.is_empty() => Step::Operand(&e.right),
        Expr::Unary(e) if e.attrs.is_empty() => Step::Operand(&e.expr),
        Expr::Reference(e) if e.attrs.is_empty() => Step::Operand(&e.expr),
        Expr::Macro(e) if e.attrs.is_empty() => Step::Token(Some(match &e.mac.delimiter {
            syn::MacroDelimiter::Paren(d) => d.span.join(),
            syn::MacroDelimiter::Brace(d) => d.span.join(),
            syn::MacroDelimiter::Bracket(d) => d.span.join(),
        })),
        Expr::Struct(e) if e.attrs.is_empty() => Step::Token(Some(e.brace_token.span.join())),
        Expr::Array(e) if e.attrs.is_empty() => Step::Token(Some(e.bracket_token.span.join())),
        Expr::Tuple(e) if e.attrs.is_empty() => Step::Token(Some(e.paren_token.span.join())),
        Expr::Cast(e) if e.attrs.is_empty() => match &*e.ty {
            syn::Type::Path(ty) if ty.qself.is_none() => {
                let last = ty.path.segments.last();
                Step::Token(
                    last.filter(|l| l.arguments.is_none())
                        .map(|l| l.ident.span()),
                )
            }
            _ => Step::Token(None),
        },
        _ => Step::Token(None),
    }
}

#[cfg(test)]
mod tests {
    use syn::spanned::Spanned;
    use syn::visit::{self, Visit};

    struct Compare(usize);

    impl<'ast> Visit<'ast> for Compare {
        fn visit_expr(&mut self, e: &'ast syn::Expr) {
            let memo = super::Memo::default();
            assert_eq!(super::expr(e, &memo).byte_range(), e.span().byte_range());
            self.0 += 1;
            visit::visit_expr(self, e);
        }

        fn visit_expr_method_call(&mut self, e: &'ast syn::ExprMethodCall) {
            let memo = super::Memo::default();
            assert_eq!(
                super::method_call(e, &memo).byte_range(),
                e.span().byte_range()
            );
            self.0 += 1;
            visit::visit_expr_method_call(self, e);
        }

        fn visit_expr_call(&mut self, e: &'ast syn::ExprCall) {
            let memo = super::Memo::default();
            assert_eq!(super::call(e, &memo).byte_range(), e.span().byte_range());
            self.0 += 1;
            visit::visit_expr_call(self, e);
        }

        fn visit_expr_if(&mut self, e: &'ast syn::ExprIf) {
            assert_eq!(super::guard(e).byte_range(), e.span().byte_range());
            self.0 += 1;
            visit::visit_expr_if(self, e);
        }

        fn visit_local(&mut self, l: &'ast syn::Local) {
            assert_eq!(super::local(l).byte_range(), l.span().byte_range());
            self.0 += 1;
            visit::visit_local(self, l);
        }
    }

    #[test]
    fn spans_agree_with_spanned() {
        let text = r#"
            fn f(s: &mut S, v: &[u8]) -> bool {
                let a = s.used.get().min(s.max);
                let b: u8 = ::std::cmp::max(1, 2);
                #[allow(unused)] let c = 3;
                let d = <S as T>::new().step(1);
                let e = (s.a + s.b).checked_sub(1).map(|x| x.min(2));
                let g = v[0].max(v[1]) + "x".len() as u8 + 1u8.pow(2);
                let h = (s.f)(1) + g(1)(2) + s.list[3].call()[4].x.y(5);
                let i = #[cfg(x)] s.used.get();
                let j = Some(1).unwrap_or(2) + (0..3).len() + { 1 }.max(2);
                if s.used > s.max { return false; }
                if let Some(x) = s.get(1) { x.tick(); } else if a { }
                #[cfg(x)] if a { }
                let Some(k) = s.get(1) else { return true; };
                macro_call!(s.used).max(1) > 0 && -s.x.abs() < 1;
                let l = s.a.b.c.d.e.f.g.h.min(1).max(2).min(3) >= s.f(1)(2).g[3].h?.i.j.k + 1 * 2;
                (s.x[1]) < s.y.z.w.v.u.min(s.a.b.c.d.e.f) - <S>::x + ::y::z::<u8>;
                s.a = s.b = -s.c as u64 + *s.d as i8 as u64 + !s.e.await? - &mut s.f;
                let m = [1, 2].len() + (1, 2).0 + S { a: 1 }.a + vec![1][0] + ::m!{}.x + x.await;
                s.a.b.c.d.e.f.g.h.i.j.k = s.a.b.c.d.e.f.g.h.i.j.k + s.x.y.z.w.v.u.t.s.r.q.p.o
            }
        "#;
        let file = syn::parse_file(text).expect("parses");
        let mut compare = Compare(0);
        compare.visit_file(&file);
        assert!(compare.0 > 100, "{}", compare.0);
    }
}
