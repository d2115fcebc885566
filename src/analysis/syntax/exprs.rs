//! The shapes of expressions the extractor recognizes: wrappers to see
//! through, constants, directions of change, returned and bound values.

use syn::{BinOp, Expr, Member, Pat, UnOp};

use super::paths::{last_ident, unraw};
use crate::analysis::facts::{AccessKind, Shape};

pub(super) const TRANSPARENT_METHODS: &[&str] = &[
    "lock",
    "unwrap",
    "expect",
    "borrow",
    "borrow_mut",
    "read",
    "write",
    "get_mut",
    "as_mut",
    "as_ref",
    "deref",
    "deref_mut",
    "unwrap_or_else",
];

pub(super) const WRITE_THROUGH_METHODS: &[&str] =
    &["lock", "borrow_mut", "write", "get_mut", "as_mut"];

/// Strips parentheses, references, dereferences, `?` and methods that only
/// reach through a wrapper (`lock().unwrap()`, `borrow_mut()`).
pub(super) fn strip(mut expr: &Expr) -> &Expr {
    loop {
        expr = match expr {
            Expr::Paren(inner) => &inner.expr,
            Expr::Group(inner) => &inner.expr,
            Expr::Reference(inner) => &inner.expr,
            Expr::Try(inner) => &inner.expr,
            Expr::Unary(unary) if matches!(unary.op, UnOp::Deref(_)) => &unary.expr,
            Expr::MethodCall(call)
                if TRANSPARENT_METHODS.contains(&call.method.to_string().as_str()) =>
            {
                &call.receiver
            }
            other => return other,
        };
    }
}

pub(super) fn writes_through(expr: &Expr) -> bool {
    match expr {
        Expr::Reference(reference) => reference.mutability.is_some(),
        Expr::Paren(inner) => writes_through(&inner.expr),
        Expr::Try(inner) => writes_through(&inner.expr),
        Expr::MethodCall(call) => {
            WRITE_THROUGH_METHODS.contains(&call.method.to_string().as_str())
                || (TRANSPARENT_METHODS.contains(&call.method.to_string().as_str())
                    && writes_through(&call.receiver))
        }
        _ => false,
    }
}

/// Whether an expression is a constant: a literal, a `SCREAMING_CASE` path,
/// `Default::default()`, `None`, `Duration::ZERO`, or arithmetic on those.
pub(super) fn is_constant(expr: &Expr) -> bool {
    match expr {
        Expr::Lit(_) => true,
        Expr::Paren(inner) => is_constant(&inner.expr),
        Expr::Group(inner) => is_constant(&inner.expr),
        Expr::Unary(unary) => is_constant(&unary.expr),
        Expr::Cast(cast) => is_constant(&cast.expr),
        Expr::Binary(binary) => is_constant(&binary.left) && is_constant(&binary.right),
        Expr::Path(path) => {
            let name = last_ident(&path.path);
            name == "None"
                || name == "ZERO"
                || name == "MAX"
                || (name.chars().any(|c| c.is_ascii_uppercase())
                    && name
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
        }
        Expr::Call(call) => {
            let constant_args = call.args.iter().all(is_constant);
            match &*call.func {
                Expr::Path(path) => {
                    let name = last_ident(&path.path);
                    (name == "default" && call.args.is_empty())
                        || (constant_args
                            && matches!(
                                name.as_str(),
                                "new"
                                    | "from_secs"
                                    | "from_millis"
                                    | "from_micros"
                                    | "from_nanos"
                                    | "from_secs_f64"
                                    | "Some"
                            ))
                }
                _ => false,
            }
        }
        _ => false,
    }
}

/// The shape of a returned value: `cost`, `Ok(cost)`, `(response, cost)`,
/// `self.total`.
pub(super) fn shape_of(expr: &Expr) -> Option<Shape> {
    match expr {
        Expr::Paren(inner) => shape_of(&inner.expr),
        Expr::Path(path) => Some(Shape::Local(path.path.get_ident()?.to_string())),
        Expr::Call(call) if call.args.len() == 1 => match &*call.func {
            Expr::Path(wrapper) if matches!(last_ident(&wrapper.path).as_str(), "Ok" | "Some") => {
                shape_of(&call.args[0])
            }
            // A getter converts the field's type: `Decimal::from(self.used
            // .load(Relaxed))`.
            Expr::Path(conversion) if last_ident(&conversion.path).starts_with("from") => {
                self_field(shape_of(&call.args[0])?)
            }
            _ => None,
        },
        // Or scales it by a constant: `self.used_micros.get() / SCALE`.
        Expr::Binary(binary)
            if matches!(
                binary.op,
                BinOp::Add(_) | BinOp::Sub(_) | BinOp::Mul(_) | BinOp::Div(_)
            ) && is_constant(&binary.right) =>
        {
            self_field(shape_of(&binary.left)?)
        }
        Expr::Tuple(tuple) => Some(tuple_of(tuple.elems.iter().map(shape_of))),
        Expr::Field(field) => match (&*field.base, &field.member) {
            (Expr::Path(base), Member::Named(name)) if base.path.is_ident("self") => {
                Some(Shape::SelfField(unraw(&name.to_string())))
            }
            _ => None,
        },
        // A getter reads through atomics, cells, locks and casts:
        // `self.used.load(Relaxed)`, `*self.used.lock().unwrap() as u64`.
        Expr::MethodCall(call) if GETTER_METHODS.contains(&call.method.to_string().as_str()) => {
            self_field(shape_of(&call.receiver)?)
        }
        Expr::Cast(cast) => self_field(shape_of(&cast.expr)?),
        Expr::Unary(unary) if matches!(unary.op, UnOp::Deref(_)) => {
            self_field(shape_of(&unary.expr)?)
        }
        Expr::Reference(reference) => self_field(shape_of(&reference.expr)?),
        _ => None,
    }
}

/// The methods a getter reads a field through.
const GETTER_METHODS: &[&str] = &[
    "load", "get", "clone", "copied", "cloned", "borrow", "lock", "read", "unwrap", "expect",
    "into",
];

fn self_field(shape: Shape) -> Option<Shape> {
    matches!(shape, Shape::SelfField(_)).then_some(shape)
}

/// The shape a `let` pattern binds.
pub(super) fn pattern_shape(pat: &Pat) -> Option<Shape> {
    match pat {
        Pat::Ident(ident) => Some(Shape::Local(ident.ident.to_string())),
        Pat::Type(typed) => pattern_shape(&typed.pat),
        Pat::Tuple(tuple) => Some(tuple_of(tuple.elems.iter().map(pattern_shape))),
        _ => None,
    }
}

/// A tuple of the locals among `elements`; other elements leave a hole.
fn tuple_of(elements: impl Iterator<Item = Option<Shape>>) -> Shape {
    Shape::Tuple(
        elements
            .map(|element| match element {
                Some(Shape::Local(name)) => Some(name),
                _ => None,
            })
            .collect(),
    )
}

/// The last name of the function or method a binding's value comes from,
/// through `?`, `.await`, `.unwrap()` and `.expect()`.
pub(super) fn callee_of(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Try(inner) => callee_of(&inner.expr),
        Expr::Await(inner) => callee_of(&inner.base),
        Expr::Paren(inner) => callee_of(&inner.expr),
        Expr::MethodCall(call)
            if matches!(call.method.to_string().as_str(), "unwrap" | "expect") =>
        {
            callee_of(&call.receiver)
        }
        Expr::MethodCall(call) => Some(call.method.to_string()),
        Expr::Call(call) => match &*call.func {
            Expr::Path(path) => Some(last_ident(&path.path)),
            _ => None,
        },
        _ => None,
    }
}

/// The `n` of `x + n` and `x.saturating_add(n)`: what a self-referencing
/// assignment adds or subtracts.
pub(super) fn step_amount(value: &Expr) -> &Expr {
    match strip(value) {
        Expr::Binary(binary) => &binary.right,
        Expr::MethodCall(call) => match call.args.first() {
            Some(arg) if direction(value).is_some() && call.method.to_string().contains('_') => arg,
            _ => step_amount(&call.receiver),
        },
        Expr::Cast(cast) => step_amount(&cast.expr),
        _ => value,
    }
}

/// The direction of `x + n`, `x.saturating_add(n)` and their kin.
pub(super) fn direction(value: &Expr) -> Option<AccessKind> {
    match strip(value) {
        Expr::Binary(binary) => match binary.op {
            BinOp::Add(_) | BinOp::Mul(_) => Some(AccessKind::Increase),
            BinOp::Sub(_) | BinOp::Div(_) => Some(AccessKind::Decrease),
            _ => None,
        },
        Expr::MethodCall(call) => {
            let method = call.method.to_string();
            if method.ends_with("_add") || method.ends_with("_mul") {
                Some(AccessKind::Increase)
            } else if method.ends_with("_sub") || method.ends_with("_div") {
                Some(AccessKind::Decrease)
            } else {
                direction(&call.receiver)
            }
        }
        Expr::Cast(cast) => direction(&cast.expr),
        // `Some(retries.unwrap_or(0) + 1)` steps what it wraps.
        Expr::Call(call) if call.args.len() == 1 => match &*call.func {
            Expr::Path(wrapper) if matches!(last_ident(&wrapper.path).as_str(), "Some" | "Ok") => {
                direction(&call.args[0])
            }
            _ => None,
        },
        _ => None,
    }
}

/// Where a value that may hold a count comes from: a remainder, or a local
/// passed on as it is.
pub(super) enum CountSource {
    Remainder,
    Local(String),
}

/// What a value is, through the wrappers and conversions that keep it
/// (`NonZeroU32::new(wanted - taken)`, `(a - b) as u32`, `left.try_into()?`).
pub(super) fn count_source(value: &Expr) -> Option<CountSource> {
    match strip(value) {
        Expr::Call(call) if call.args.len() == 1 => count_source(&call.args[0]),
        Expr::Try(inner) => count_source(&inner.expr),
        Expr::MethodCall(call)
            if call.args.is_empty()
                && matches!(
                    call.method.to_string().as_str(),
                    "unwrap" | "into" | "try_into" | "unwrap_or_default" | "get"
                ) =>
        {
            count_source(&call.receiver)
        }
        Expr::Path(path) => {
            let ident = path.path.get_ident()?.to_string();
            (ident != "self").then_some(CountSource::Local(ident))
        }
        _ => (direction(value) == Some(AccessKind::Decrease)).then_some(CountSource::Remainder),
    }
}
