//! What attributes say: test code, derives, `#[repr(C)]`, `#[path]`.

use quote::ToTokens;
use syn::Expr;

pub(super) fn is_test_code(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        let path = attr.path();
        let name = path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        if name == "test" || name == "bench" {
            return true;
        }
        if !path.is_ident("cfg") {
            return false;
        }
        let Ok(list) = attr.meta.require_list() else {
            return false;
        };
        cfg_is_test(&list.tokens.to_string())
    })
}

/// Whether a `cfg(...)` predicate only holds in test builds: `test` or
/// `all(test, …)`.
pub(crate) fn cfg_is_test(predicate: &str) -> bool {
    let compact: String = predicate.chars().filter(|c| !c.is_whitespace()).collect();
    compact == "test"
        || (compact.starts_with("all(") && compact.split([',', '(', ')']).any(|t| t == "test"))
}

pub(super) fn is_repr_c(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("repr")
        && attr.meta.require_list().is_ok_and(|list| {
            list.tokens
                .clone()
                .into_iter()
                .any(|t| t.to_string() == "C")
        })
}

pub(super) fn derives(attrs: &[syn::Attribute]) -> Vec<String> {
    let mut names = Vec::new();
    for attr in attrs {
        let path = attr.path();
        let is_derive = path.is_ident("derive");
        let is_cfg_attr = path.is_ident("cfg_attr");
        if !is_derive && !is_cfg_attr {
            continue;
        }
        // Both `derive(A, B)` and `cfg_attr(feature, derive(A, B))` list
        // derives as paths; collecting every path's last identifier after
        // the word `derive` covers both.
        let text = attr.meta.to_token_stream().to_string();
        let Some(start) = text.find("derive") else {
            continue;
        };
        names.extend(
            text[start + "derive".len()..]
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|word| word.chars().next().is_some_and(|c| c.is_ascii_uppercase()))
                .map(str::to_string),
        );
    }
    names
}

pub(super) fn path_attr(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|attr| {
        if !attr.path().is_ident("path") {
            return None;
        }
        let syn::Meta::NameValue(pair) = &attr.meta else {
            return None;
        };
        match &pair.value {
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(value),
                ..
            }) => Some(value.value()),
            _ => None,
        }
    })
}
