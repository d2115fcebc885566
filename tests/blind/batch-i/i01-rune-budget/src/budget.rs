//! Budgeting module for the virtual machine.
//!
//! This module contains methods which allows for limiting the execution of the
//! virtual machine to abide by the specified budget.
//!
//! By default the budget is disabled, but can be enabled by wrapping your
//! function call in [with].

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

std::thread_local!(static BUDGET: Cell<usize> = const { Cell::new(usize::MAX) });

fn budget_take() -> bool {
    BUDGET.with(|tls| {
        let v = tls.get();
        tls.set(v.wrapping_sub(usize::from((v != usize::MAX) & (v != 0))));
        v != 0
    })
}

fn budget_get() -> usize {
    BUDGET.with(|tls| tls.get())
}

fn budget_replace(value: usize) -> usize {
    BUDGET.with(|tls| tls.replace(value))
}

/// Something being budgeted.
pub struct Budget<T> {
    /// The current budget.
    budget: usize,
    /// The thing being budgeted.
    value: T,
}

/// Wrap the given value with a budget.
pub fn with<T>(budget: usize, value: T) -> Budget<T> {
    Budget { budget, value }
}

/// Take a ticket from the budget, indicating with `true` if the budget is
/// maintained
#[inline(never)]
pub(crate) fn take() -> bool {
    budget_take()
}

/// Returns the number of tickets left in the current budget, or `None` when
/// running unbudgeted.
pub fn remaining() -> Option<usize> {
    match budget_get() {
        usize::MAX => None,
        n => Some(n),
    }
}

#[repr(transparent)]
struct BudgetGuard(usize);

impl Drop for BudgetGuard {
    fn drop(&mut self) {
        let _ = budget_replace(self.0);
    }
}

impl<T, O> Budget<T>
where
    T: FnOnce() -> O,
{
    /// Call the wrapped function.
    pub fn call(self) -> O {
        let _guard = BudgetGuard(budget_replace(self.budget));
        (self.value)()
    }
}

impl<T> Future for Budget<T>
where
    T: Future + Unpin,
{
    type Output = T::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.get_mut();

        let _guard = BudgetGuard(budget_replace(this.budget));
        let poll = Pin::new(&mut this.value).poll(cx);
        this.budget = budget_get();
        poll
    }
}
