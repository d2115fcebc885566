//! The benchmark's floor: read and syn-parse every `.rs` file under the
//! given paths on N threads with large stacks, and nothing else.
//!
//! `cargo run --release --example parse_floor -- -j N PATH...` prints the
//! number of files, bytes, parse failures and the wall time.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The allocator of `cargo-budget-lint`, so that the floor measures
/// parsing, not the difference between allocators.
#[cfg(all(feature = "jemalloc", not(target_env = "msvc")))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut roots = Vec::new();
    while let Some(arg) = args.next() {
        if arg == "-j" {
            threads = args.next().and_then(|n| n.parse().ok()).unwrap_or(threads);
        } else {
            roots.push(PathBuf::from(arg));
        }
    }
    let started = Instant::now();
    let mut files: Vec<PathBuf> = roots
        .iter()
        .flat_map(|root| walkdir::WalkDir::new(root).sort_by_file_name())
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| e.into_path())
        .collect();
    files.sort();
    let next = AtomicUsize::new(0);
    let bytes = AtomicUsize::new(0);
    let failures = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            std::thread::Builder::new()
                .stack_size(64 * 1024 * 1024)
                .spawn_scoped(scope, || {
                    while let Some(path) = files.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let Ok(text) = std::fs::read_to_string(path) else {
                            failures.fetch_add(1, Ordering::Relaxed);
                            continue;
                        };
                        bytes.fetch_add(text.len(), Ordering::Relaxed);
                        if syn::parse_file(&text).is_err() {
                            failures.fetch_add(1, Ordering::Relaxed);
                        }
                        proc_macro2::extra::invalidate_current_thread_spans();
                    }
                })
                .expect("a worker thread starts");
        }
    });
    println!(
        "files={} bytes={} failures={} seconds={:.3}",
        files.len(),
        bytes.load(Ordering::Relaxed),
        failures.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
}
