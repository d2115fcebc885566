//! Names from paths and types.

use syn::Type;
use syn::visit::{self, Visit};

use crate::analysis::facts::{Root, TypeShape};

pub(super) fn self_root(self_types: &[String]) -> Root {
    match self_types.last() {
        Some(name) => Root::Typed(vec![name.clone()]),
        None => Root::Unknown,
    }
}

pub(super) fn last_ident(path: &syn::Path) -> String {
    path.segments
        .last()
        .map(|s| unraw(&s.ident.to_string()))
        .unwrap_or_default()
}

pub(super) fn last_type_ident(ty: &Type) -> String {
    type_idents(ty).into_iter().next().unwrap_or_default()
}

pub(super) fn is_mut_ref(ty: &Type) -> bool {
    matches!(ty, Type::Reference(reference) if reference.mutability.is_some())
}

/// Every identifier in a type, outermost first, skipping references.
pub(super) fn type_idents(ty: &Type) -> Vec<String> {
    let mut collector = TypeIdents(Vec::new());
    collector.visit_type(ty);
    collector.0
}

pub(super) struct TypeIdents(Vec<String>);

impl<'ast> Visit<'ast> for TypeIdents {
    fn visit_path_segment(&mut self, segment: &'ast syn::PathSegment) {
        self.0.push(unraw(&segment.ident.to_string()));
        visit::visit_path_segment(self, segment);
    }
}

pub(super) fn type_shape(ty: &Type) -> TypeShape {
    TypeShape {
        idents: type_idents(ty),
    }
}

pub(super) fn unraw(ident: &str) -> String {
    ident.strip_prefix("r#").unwrap_or(ident).to_string()
}
