//! How the tool is built and installed: its allocator, the Rust version it
//! declares, its man page and its shell completions.

use std::process::Command;

/// The default build allocates with jemalloc in two arenas; without the
/// `jemalloc` feature, with the system allocator.
#[test]
fn the_allocator_follows_the_jemalloc_feature() {
    let output = Command::new(env!("CARGO_BIN_EXE_cargo-budget-lint"))
        .arg("--version")
        .env("_RJEM_MALLOC_CONF", "stats_print:true")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    if cfg!(all(feature = "jemalloc", not(target_env = "msvc"))) {
        assert!(stderr.contains("jemalloc statistics"), "{stderr}");
        assert!(stderr.contains("opt.narenas: 2"), "{stderr}");
    } else {
        assert!(!stderr.contains("jemalloc"), "{stderr}");
    }
}
