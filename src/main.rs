use std::io::Write;

/// Facts and scans live to the end among the freed syntax trees of the
/// worker threads: glibc's allocator held 257 MB at the peak on the 4x
/// benchmark corpus, jemalloc 234 MB (BENCHMARKS.md).
#[cfg(all(feature = "jemalloc", not(target_env = "msvc")))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's options, read when it starts (`_RJEM_MALLOC_CONF` in the
/// environment overrides them). Two arenas: the worker threads live for
/// the whole analysis, and with an arena each (jemalloc gives four per
/// core) the syntax trees they freed stayed in memory beside the facts,
/// 12 MB more at the peak on the 4x benchmark corpus (BENCHMARKS.md).
#[cfg(all(feature = "jemalloc", not(target_env = "msvc")))]
#[unsafe(export_name = "_rjem_malloc_conf")]
static MALLOC_CONF: &[u8; 10] = b"narenas:2\0";

fn main() {
    let args = budget_lint::cli::strip_cargo_word(std::env::args().skip(1).collect());
    let output = budget_lint::cli::run(args);
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = std::io::stdout().write_all(output.stdout.as_bytes());
    let _ = std::io::stderr().write_all(output.stderr.as_bytes());
    budget_lint::cli::report_timings();
    // Exiting frees nothing: the threads still freeing the analysis end
    // with the process.
    std::process::exit(output.code);
}
