//! Work shared among a few threads: items are taken in order as threads
//! free up, and the results come back in the order of the items; and
//! values freed beside other work.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

/// Threads kept for every round of an analysis: starting threads for each
/// round and ending them, which hands their allocator caches back, costs
/// more than a small round's work. Dropping the pool waits for its
/// threads to end: none outlives its owner.
pub struct Pool {
    threads: usize,
    stack: usize,
    kept: Option<rayon::ThreadPool>,
    started: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl Pool {
    /// Up to `threads` threads with `stack` bytes of stack each; when they
    /// cannot be started, each [`Pool::map`] starts its own.
    pub fn new(threads: usize, stack: usize) -> Pool {
        let started: Arc<Mutex<Vec<JoinHandle<()>>>> = Arc::default();
        let handles = Arc::clone(&started);
        let kept = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .spawn_handler(move |thread| {
                let handle = std::thread::Builder::new()
                    .stack_size(stack)
                    .spawn(move || {
                        record_stack(stack);
                        thread.run();
                    })?;
                handles
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(handle);
                Ok(())
            })
            .build()
            .ok();
        Pool {
            threads,
            stack,
            kept,
            started,
        }
    }

    /// [`map`] on the kept threads; an item whose work panics has no
    /// result either.
    pub fn map<T: Sync, R: Send>(
        &self,
        items: &[T],
        work: impl Fn(&T) -> R + Sync,
    ) -> Vec<Option<R>> {
        self.share(items, work, false)
    }

    /// [`Pool::map`] for work that needs no more stack than this thread
    /// has: this thread takes items too, from the start, while the kept
    /// threads wake up.
    pub fn map_here<T: Sync, R: Send>(
        &self,
        items: &[T],
        work: impl Fn(&T) -> R + Sync,
    ) -> Vec<Option<R>> {
        self.share(items, work, true)
    }

    /// Each kept thread, and this one with `here`, takes the next item as
    /// it frees up, in order.
    fn share<T: Sync, R: Send>(
        &self,
        items: &[T],
        work: impl Fn(&T) -> R + Sync,
        here: bool,
    ) -> Vec<Option<R>> {
        let Some(pool) = &self.kept else {
            return map(items, self.threads, self.stack, work);
        };
        let next = AtomicUsize::new(0);
        let work = |item: &T| std::panic::catch_unwind(AssertUnwindSafe(|| work(item))).ok();
        let done = if here {
            let beside = Mutex::new(Vec::new());
            let mine = pool.in_place_scope(|scope| {
                scope.spawn_broadcast(|_, _| {
                    let done = take(items, &next, &work);
                    beside
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(done);
                });
                take(items, &next, &work)
            });
            let mut done = beside.into_inner().unwrap_or_else(PoisonError::into_inner);
            done.push(mine);
            done
        } else {
            pool.broadcast(|_| take(items, &next, &work))
        };
        let mut results: Vec<Option<R>> = items.iter().map(|_| None).collect();
        for (index, result) in done.into_iter().flatten() {
            results[index] = result;
        }
        results
    }

    /// Runs `a` and `b` at once on the kept threads, or one after the
    /// other.
    pub fn join<A: Send, B: Send>(
        &self,
        a: impl FnOnce() -> A + Send,
        b: impl FnOnce() -> B + Send,
    ) -> (A, B) {
        match &self.kept {
            Some(pool) => pool.install(|| rayon::join(a, b)),
            None => (a(), b()),
        }
    }

    /// Lets the kept threads end, beside other work: each hands back the
    /// memory it holds as it ends. Later maps start threads of their own.
    pub fn release(&mut self) {
        self.kept = None;
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.release();
        let started =
            std::mem::take(&mut *self.started.lock().unwrap_or_else(PoisonError::into_inner));
        for thread in started {
            let _ = thread.join();
        }
    }
}

impl Pool {
    /// Runs `work` once on each kept thread.
    pub fn on_each_thread(&self, work: impl Fn() + Sync) {
        if let Some(pool) = &self.kept {
            pool.broadcast(|_| work());
        }
    }
}

/// Runs `work` on every item on up to `threads` threads with `stack` bytes
/// of stack each. An item has no result (`None`) only when no thread could
/// be started to run it.
pub fn map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    stack: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<Option<R>> {
    let next = AtomicUsize::new(0);
    let workers = threads.clamp(1, items.len().max(1));
    let mut results: BTreeMap<usize, R> = BTreeMap::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .filter_map(|_| {
                std::thread::Builder::new()
                    .stack_size(stack)
                    .spawn_scoped(scope, || {
                        record_stack(stack);
                        take(items, &next, &work)
                    })
                    .ok()
            })
            .collect();
        for handle in handles {
            if let Ok(done) = handle.join() {
                results.extend(done);
            }
        }
    });
    (0..items.len()).map(|i| results.remove(&i)).collect()
}

thread_local! {
    /// The stack this thread's work may use, when the thread is one of
    /// these workers; none is known for any other thread.
    static STACK: Cell<usize> = const { Cell::new(0) };
}

/// What the frames under a worker's work (the thread's start, the pool's
/// loop, the closures of a map and the work's own callers) may take of
/// its stack, with room to spare.
const STACK_UNDER_WORK: usize = 1 << 20;

fn record_stack(size: usize) {
    STACK.with(|stack| stack.set(size.saturating_sub(STACK_UNDER_WORK)));
}

/// The stack that work on this thread may use: what a worker was started
/// with, less the frames under its work; 0 on a thread these workers did
/// not start, whose stack is unknown.
pub fn stack_available() -> usize {
    STACK.with(Cell::get)
}

/// Works on the items not taken yet, one at a time, until none is left.
fn take<T, R>(items: &[T], next: &AtomicUsize, work: &impl Fn(&T) -> R) -> Vec<(usize, R)> {
    let mut done = Vec::new();
    loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        let Some(item) = items.get(index) else {
            break;
        };
        done.push((index, work(item)));
    }
    done
}

/// Values freed on threads of their own while other work goes on. Dropping
/// this waits for them: no thread outlives its owner.
#[derive(Debug, Default)]
pub struct Aside {
    threads: Vec<JoinHandle<()>>,
}

impl Aside {
    /// Frees `value` on a thread of its own, or here when none starts.
    pub fn free<T: Send + 'static>(&mut self, value: T) {
        // A thread that does not start drops its closure, and `value`.
        if let Ok(thread) = std::thread::Builder::new().spawn(move || drop(value)) {
            self.threads.push(thread);
        }
    }
}

impl Drop for Aside {
    fn drop(&mut self) {
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_follow_the_order_of_the_items_for_any_thread_count() {
        let items: Vec<u64> = (0..1000).collect();
        for threads in [0, 1, 2, 7] {
            let squares = map(&items, threads, 64 * 1024, |n| n * n);
            let expected: Vec<Option<u64>> = items.iter().map(|n| Some(n * n)).collect();
            assert_eq!(squares, expected, "{threads} threads");
        }
    }

    #[test]
    fn values_set_aside_are_freed_by_the_time_their_owner_is() {
        let value = std::sync::Arc::new(1);
        let mut aside = Aside::default();
        aside.free(std::sync::Arc::clone(&value));
        drop(aside);
        assert_eq!(std::sync::Arc::strong_count(&value), 1);
    }

    #[test]
    fn a_kept_pool_answers_in_order_and_loses_only_an_item_that_panics() {
        let items: Vec<u64> = (0..1000).collect();
        for threads in [0, 1, 2, 7] {
            let pool = Pool::new(threads, 64 * 1024);
            let squares = pool.map(&items, |&n| {
                assert!(n != 500, "the item that panics");
                n * n
            });
            let expected: Vec<Option<u64>> =
                items.iter().map(|&n| (n != 500).then_some(n * n)).collect();
            assert_eq!(squares, expected, "{threads} threads");
            let here = pool.map_here(&items, |&n| {
                assert!(n != 500, "the item that panics");
                n * n
            });
            assert_eq!(here, expected, "{threads} threads, this one too");
            let visits = AtomicUsize::new(0);
            pool.on_each_thread(|| {
                visits.fetch_add(1, Ordering::Relaxed);
            });
            assert_eq!(visits.into_inner(), threads.max(1), "{threads} threads");
        }
    }

    #[test]
    fn a_dropped_pool_waits_for_its_threads_to_end() {
        static ENDED: AtomicUsize = AtomicUsize::new(0);
        struct Mark;
        impl Drop for Mark {
            fn drop(&mut self) {
                ENDED.fetch_add(1, Ordering::SeqCst);
            }
        }
        thread_local! {
            static MARK: std::cell::RefCell<Option<Mark>> = const { std::cell::RefCell::new(None) };
        }
        let pool = Pool::new(3, 64 * 1024);
        pool.on_each_thread(|| MARK.with(|mark| *mark.borrow_mut() = Some(Mark)));
        drop(pool);
        assert_eq!(ENDED.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn workers_know_their_stack_and_other_threads_do_not() {
        let stack = 8 << 20;
        let expected = stack - STACK_UNDER_WORK;
        let pool = Pool::new(2, stack);
        let kept = pool.map(&[(); 4], |()| stack_available());
        assert_eq!(kept, vec![Some(expected); 4]);
        let started = map(&[(); 4], 2, stack, |()| stack_available());
        assert_eq!(started, vec![Some(expected); 4]);
        assert_eq!(stack_available(), 0);
    }

    #[test]
    fn no_items_give_no_results() {
        let items: Vec<u8> = Vec::new();
        assert!(map(&items, 2, 64 * 1024, |_| 1).is_empty());
    }
}
