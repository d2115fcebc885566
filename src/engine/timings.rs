//! Where a run's time goes, for whoever tunes it: with the environment
//! variable `BUDGET_LINT_TIMINGS` set, the phases of the run add up their
//! wall time and counts here, and the table is printed on stderr when the
//! run ends. Unset, each phase costs one relaxed load.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

const UNKNOWN: u8 = 0;
const OFF: u8 = 1;
const ON: u8 = 2;

static STATE: AtomicU8 = AtomicU8::new(UNKNOWN);

#[derive(Default)]
struct Entry {
    time: Duration,
    times: u64,
    count: u64,
}

static TABLE: Mutex<BTreeMap<&'static str, Entry>> = Mutex::new(BTreeMap::new());

/// Whether timings are collected in this process.
pub fn enabled() -> bool {
    match STATE.load(Ordering::Relaxed) {
        ON => true,
        OFF => false,
        _ => {
            let on = std::env::var_os("BUDGET_LINT_TIMINGS").is_some_and(|v| !v.is_empty());
            STATE.store(if on { ON } else { OFF }, Ordering::Relaxed);
            on
        }
    }
}

/// Runs `work`, adding its wall time to the phase `name`.
pub fn time<T>(name: &'static str, work: impl FnOnce() -> T) -> T {
    if !enabled() {
        return work();
    }
    let started = Instant::now();
    let result = work();
    let elapsed = started.elapsed();
    if let Ok(mut table) = TABLE.lock() {
        let entry = table.entry(name).or_default();
        entry.time += elapsed;
        entry.times += 1;
    }
    result
}

/// Adds `amount` to the counter `name`.
pub fn count(name: &'static str, amount: u64) {
    if !enabled() {
        return;
    }
    if let Ok(mut table) = TABLE.lock() {
        table.entry(name).or_default().count += amount;
    }
}

/// Prints the table on stderr, when timings are collected.
pub fn report() {
    if !enabled() {
        return;
    }
    let Ok(table) = TABLE.lock() else {
        return;
    };
    eprintln!("budget-lint timings (wall time of each phase, summed over its calls):");
    for (name, entry) in table.iter() {
        if entry.times > 0 {
            eprintln!(
                "  {name:<40} {:>9.3} s  {:>6} calls",
                entry.time.as_secs_f64(),
                entry.times
            );
        }
        if entry.count > 0 {
            eprintln!("  {name:<40} {:>12}", entry.count);
        }
    }
}
