//! `--fix`: every firing fixture has `.fixed` expectations (clippy's
//! convention) for the files the fixes edit, the fixed crates compile, and
//! the glue follows the code it lands in.

mod common;

use std::path::{Path, PathBuf};

use common::{fixture, run, run_in};

/// Copies a fixture without build output into a fresh temporary directory.
fn copy_fixture(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(&fixture(name), dir.path());
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from)
        .into_iter()
        .filter_entry(|e| e.file_name() != "target" && e.file_name() != "Cargo.lock")
        .flatten()
    {
        let target = to.join(entry.path().strip_prefix(from).expect("inside"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("mkdir");
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    files
}

fn fix(dir: &Path) -> common::Run {
    let manifest = dir.join("Cargo.toml").display().to_string();
    run(&["--fix", "--allow-dirty", "--manifest-path", &manifest])
}

fn cargo(dir: &Path, command: &str) -> bool {
    std::process::Command::new(env!("CARGO"))
        .args([command, "--quiet", "--offline", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env(
            "CARGO_TARGET_DIR",
            common::repo().join("target/fixture-check"),
        )
        .status()
        .expect("cargo runs")
        .success()
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn fixes_match_the_fixed_expectations_and_compile() {
    let bless = std::env::var_os("BLESS").is_some();
    let mut failures = Vec::new();
    for original in common::fixtures() {
        let name = original
            .file_name()
            .expect("named")
            .to_string_lossy()
            .into_owned();
        let copy = copy_fixture(&name);
        let out = fix(copy.path());
        assert!(out.code == 0 || out.code == 1, "{name}: {}", out.stderr);
        assert!(
            !out.stderr.contains("did not fix"),
            "{name}: {}",
            out.stderr
        );
        let mut changed = false;
        for fixed in rust_files(copy.path()) {
            let relative = fixed.strip_prefix(copy.path()).expect("inside");
            let source = original.join(relative);
            let expectation = PathBuf::from(format!("{}.fixed", source.display()));
            let actual = std::fs::read_to_string(&fixed).expect("fixed file");
            let before = std::fs::read_to_string(&source).expect("source file");
            changed |= actual != before;
            if bless {
                if actual != before {
                    std::fs::write(&expectation, &actual).expect("write .fixed");
                } else if expectation.exists() {
                    std::fs::remove_file(&expectation).expect("remove stale .fixed");
                }
                continue;
            }
            let expected = std::fs::read_to_string(&expectation).unwrap_or(before);
            if actual != expected {
                failures.push(format!(
                    "{name}/{}: fixed text differs from its expectation",
                    relative.display()
                ));
            }
        }
        if changed && !cargo(copy.path(), "check") {
            failures.push(format!("{name}: the fixed crate does not compile"));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(review, then BLESS=1)",
        failures.join("\n")
    );
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn fixed_ivy_runtime_is_clean_and_aborts_once_cost_passes_the_cap() {
    let copy = copy_fixture("ivy-costcap");
    let out = fix(copy.path());
    assert!(
        out.stderr.contains("Fixed src/runtime/mod.rs (1 fix)"),
        "{}",
        out.stderr
    );
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (0, ""),
        "findings remain after --fix"
    );
    assert!(
        cargo(copy.path(), "test"),
        "the fixture's own test fails after --fix"
    );
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn glue_follows_renamed_receivers_and_fields() {
    let copy = copy_fixture("ivy-costcap");
    for file in rust_files(copy.path()) {
        let text = std::fs::read_to_string(&file).expect("read");
        let mut renamed = rename_word(&text, "cost_used", "cost_spent");
        renamed = rename_word(&renamed, "cost_cap", "cost_limit");
        if file.ends_with("runtime/mod.rs") {
            renamed = rename_word(&renamed, "state", "st");
        }
        std::fs::write(&file, renamed).expect("write");
    }
    let manifest = copy.path().join("Cargo.toml").display().to_string();
    let out = run(&["--manifest-path", &manifest, "--message-format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("json");
    assert_eq!(
        doc["findings"][0]["suggestion"]["code"],
        "st.budget.cost_spent += _cost;"
    );
    let out = fix(copy.path());
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(cargo(copy.path(), "test"));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn fix_refuses_a_dirty_or_unversioned_tree_without_allow_dirty() {
    let copy = copy_fixture("ivy-costcap");
    let out = run_in(copy.path(), &["--fix"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--allow-dirty"), "{}", out.stderr);
    let untouched = std::fs::read_to_string(copy.path().join("src/runtime/mod.rs")).expect("read");
    assert!(!untouched.contains("cost_used +="));
}

fn rename_word(text: &str, from: &str, to: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(from) {
        let before = rest[..i].chars().next_back();
        let after = rest[i + from.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        out.push_str(&rest[..i]);
        out.push_str(if word(before) || word(after) {
            from
        } else {
            to
        });
        rest = &rest[i + from.len()..];
    }
    out.push_str(rest);
    out
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn a_file_changed_after_it_was_linted_is_not_fixed() {
    let copy = copy_fixture("ivy-costcap");
    let selection = budget_lint::Selection {
        manifest_path: None,
        packages: Vec::new(),
        paths: vec![copy.path().to_path_buf()],
    };
    let options = budget_lint::Options {
        threads: 1,
        prefilter: true,
    };
    let report = budget_lint::analyze(&selection, options).expect("analysis");
    // Every file the fixes would edit changes under the tool's feet.
    let edited: Vec<PathBuf> = rust_files(copy.path())
        .into_iter()
        .filter(|p| {
            let display = p.strip_prefix(copy.path()).expect("inside");
            report
                .findings
                .iter()
                .filter_map(|f| f.suggestion.as_ref())
                .filter_map(|s| budget_lint::fix::edit_for(&report, s))
                .any(|(file, _)| report.db.get(file).path.ends_with(display))
        })
        .collect();
    assert!(!edited.is_empty());
    for path in &edited {
        std::fs::write(path, "// rewritten\n").expect("write");
    }
    let outcome = budget_lint::fix::apply(&report);
    assert!(outcome.fixed.is_empty(), "{:?}", outcome.fixed);
    assert_eq!(outcome.rolled_back.len(), edited.len());
    assert!(
        outcome.rolled_back[0]
            .1
            .contains("changed after it was linted")
    );
    for path in &edited {
        assert_eq!(
            std::fs::read_to_string(path).expect("read"),
            "// rewritten\n"
        );
    }
}
