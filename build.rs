//! Tells the tests whether `fixtures/` is here. Its crates are nested
//! packages, which `cargo package` leaves out, so the tests that lint them
//! are ignored in the published crate, with that reason, instead of failing.
//! A clone always has them; whether it does changes only between a clone
//! and the published crate, so nothing but this file reruns the script.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(no_fixtures)");
    if !std::path::Path::new("fixtures").is_dir() {
        println!("cargo::rustc-cfg=no_fixtures");
    }
}
