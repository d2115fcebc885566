//! Answers the extractor would otherwise compute again for every enclosing
//! node: the place an expression names, what its value is computed from,
//! and its first token. Nested and chained expressions (`a.f.f.f…`,
//! `x.min(a).min(b)…`, struct literals in struct literals) ask for these at
//! every level, so without the memo their cost grows with the square of
//! their length.
//!
//! An entry holds for one epoch: the locals in scope and the `impl` being
//! visited stay the same while it lasts, and so does every syntax tree
//! whose nodes are keys. The extractor starts a new epoch whenever either
//! changes, and whenever a tree parsed from a macro's tokens is dropped, so
//! that a node allocated later at the same address is never taken for it.

use std::cell::{Cell, RefCell};

use proc_macro2::Span;
use rustc_hash::FxHashMap as HashMap;
use syn::Expr;

use crate::analysis::facts::{Operand, Root};

/// The root and field chain an expression denotes.
pub(super) type Prefix = (Root, Vec<String>);

#[derive(Default)]
pub(super) struct Memo {
    epoch: Cell<u64>,
    prefixes: RefCell<HashMap<usize, (u64, Option<Prefix>)>>,
    operands: RefCell<HashMap<usize, (u64, Operand)>>,
    first_tokens: RefCell<HashMap<usize, (u64, Option<Span>)>>,
    last_tokens: RefCell<HashMap<usize, (u64, Option<Span>)>>,
}

fn key(expr: &Expr) -> usize {
    std::ptr::from_ref(expr) as usize
}

fn get<T: Clone>(map: &RefCell<HashMap<usize, (u64, T)>>, epoch: u64, expr: &Expr) -> Option<T> {
    let map = map.borrow();
    if map.is_empty() {
        return None;
    }
    match map.get(&key(expr)) {
        Some((at, value)) if *at == epoch => Some(value.clone()),
        _ => None,
    }
}

impl Memo {
    /// Ends the epoch: every entry is forgotten.
    pub(super) fn invalidate(&self) {
        self.epoch.set(self.epoch.get() + 1);
    }

    pub(super) fn prefix(&self, expr: &Expr) -> Option<Option<Prefix>> {
        get(&self.prefixes, self.epoch.get(), expr)
    }

    pub(super) fn set_prefix(&self, expr: &Expr, prefix: Option<Prefix>) {
        let epoch = self.epoch.get();
        self.prefixes
            .borrow_mut()
            .insert(key(expr), (epoch, prefix));
    }

    pub(super) fn operand(&self, expr: &Expr) -> Option<Operand> {
        get(&self.operands, self.epoch.get(), expr)
    }

    pub(super) fn set_operand(&self, expr: &Expr, operand: Operand) {
        let epoch = self.epoch.get();
        self.operands
            .borrow_mut()
            .insert(key(expr), (epoch, operand));
    }

    pub(super) fn first_token(&self, expr: &Expr) -> Option<Option<Span>> {
        get(&self.first_tokens, self.epoch.get(), expr)
    }

    pub(super) fn set_first_token(&self, expr: &Expr, span: Option<Span>) {
        let epoch = self.epoch.get();
        self.first_tokens
            .borrow_mut()
            .insert(key(expr), (epoch, span));
    }

    pub(super) fn last_token(&self, expr: &Expr) -> Option<Option<Span>> {
        get(&self.last_tokens, self.epoch.get(), expr)
    }

    pub(super) fn set_last_token(&self, expr: &Expr, span: Option<Span>) {
        let epoch = self.epoch.get();
        self.last_tokens
            .borrow_mut()
            .insert(key(expr), (epoch, span));
    }
}
