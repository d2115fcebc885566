//! Spans of expressions without printing them. syn's `Spanned` prints a
//! node to tokens and joins the spans of the first and the last; for the
//! shapes parsed code has, the tree tells those two tokens directly, and
//! every other shape falls back to `Spanned`.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Expr, ExprCall, ExprIf, ExprMethodCall, Local};

pub(super) fn method_call(call: &ExprMethodCall) -> Span {
    let first = call.attrs.is_empty().then(|| first_token(&call.receiver));
    joined(first.flatten(), call.paren_token.span.join()).unwrap_or_else(|| call.span())
}

pub(super) fn call(call: &ExprCall) -> Span {
    let first = call.attrs.is_empty().then(|| first_token(&call.func));
    joined(first.flatten(), call.paren_token.span.join()).unwrap_or_else(|| call.span())
}

/// The span of an `if` without `else`.
pub(super) fn guard(expr: &ExprIf) -> Span {
    let first = (expr.attrs.is_empty() && expr.else_branch.is_none()).then_some(expr.if_token.span);
    joined(first, expr.then_branch.brace_token.span.join()).unwrap_or_else(|| expr.span())
}

pub(super) fn local(local: &Local) -> Span {
    let first = local.attrs.is_empty().then_some(local.let_token.span);
    joined(first, local.semi_token.span).unwrap_or_else(|| local.span())
}

/// As `Spanned` joins them: where the spans are in different sources, the
/// first alone.
fn joined(first: Option<Span>, last: Span) -> Option<Span> {
    let first = first?;
    Some(first.join(last).unwrap_or(first))
}

/// The span of the first token `expr` prints as the leftmost operand of
/// a call or a method call, where it prints without added parentheses.
fn first_token(expr: &Expr) -> Option<Span> {
    match expr {
        Expr::Path(e) if e.attrs.is_empty() && e.qself.is_none() => match &e.path.leading_colon {
            Some(colons) => Some(colons.spans[0]),
            None => Some(e.path.segments.first()?.ident.span()),
        },
        Expr::Field(e) if e.attrs.is_empty() => first_token(&e.base),
        Expr::MethodCall(e) if e.attrs.is_empty() => first_token(&e.receiver),
        Expr::Call(e) if e.attrs.is_empty() && !matches!(*e.func, Expr::Field(_)) => {
            first_token(&e.func)
        }
        Expr::Index(e) if e.attrs.is_empty() => first_token(&e.expr),
        Expr::Paren(e) if e.attrs.is_empty() => Some(e.paren_token.span.join()),
        Expr::Lit(e) if e.attrs.is_empty() => Some(e.lit.span()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use syn::spanned::Spanned;
    use syn::visit::{self, Visit};

    struct Compare(usize);

    impl<'ast> Visit<'ast> for Compare {
        fn visit_expr_method_call(&mut self, e: &'ast syn::ExprMethodCall) {
            assert_eq!(super::method_call(e).byte_range(), e.span().byte_range());
            self.0 += 1;
            visit::visit_expr_method_call(self, e);
        }

        fn visit_expr_call(&mut self, e: &'ast syn::ExprCall) {
            assert_eq!(super::call(e).byte_range(), e.span().byte_range());
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
                macro_call!(s.used).max(1) > 0 && -s.x.abs() < 1
            }
        "#;
        let file = syn::parse_file(text).expect("parses");
        let mut compare = Compare(0);
        compare.visit_file(&file);
        assert!(compare.0 > 30, "{}", compare.0);
    }
}
