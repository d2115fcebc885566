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

/// `--fix --unsafe-fixes` on a copy outside any repository.
fn fix(dir: &Path) -> common::Run {
    let manifest = dir.join("Cargo.toml").display().to_string();
    run(&[
        "--fix",
        "--unsafe-fixes",
        "--allow-no-vcs",
        "--manifest-path",
        &manifest,
    ])
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
        "st.budget.cost_spent += cost;"
    );
    let out = fix(copy.path());
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(cargo(copy.path(), "test"));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn the_glue_renames_the_underscore_binding_it_reads_in_the_same_edit() {
    let copy = copy_fixture("ivy-costcap");
    let out = fix(copy.path());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr.contains("Fixed src/runtime/mod.rs (1 fix)"),
        "{}",
        out.stderr
    );
    let fixed = std::fs::read_to_string(copy.path().join("src/runtime/mod.rs")).expect("read");
    assert!(
        fixed.contains("    let (response, cost) = provider.complete(&state.messages);\n    state.budget.cost_used += cost;\n"),
        "{fixed}"
    );
    assert!(!fixed.contains("_cost"), "{fixed}");
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn fix_applies_only_machine_applicable_suggestions_without_unsafe_fixes() {
    let ivy = copy_fixture("ivy-costcap");
    let manifest = ivy.path().join("Cargo.toml").display().to_string();
    let out = run(&["--fix", "--allow-no-vcs", "--manifest-path", &manifest]);
    assert_eq!(
        out.code, 1,
        "the maybe-incorrect glue is left: {}",
        out.stderr
    );
    assert!(
        out.stderr.contains(
            "note: 1 suggestion that may be incorrect was not applied; review it and pass `--unsafe-fixes` to apply it"
        ),
        "{}",
        out.stderr
    );
    let runtime = std::fs::read_to_string(ivy.path().join("src/runtime/mod.rs")).expect("read");
    assert!(!runtime.contains("cost_used +="));

    let equality = copy_fixture("bl006-equality");
    let manifest = equality.path().join("Cargo.toml").display().to_string();
    let out = run(&["--fix", "--allow-no-vcs", "--manifest-path", &manifest]);
    assert!(out.stderr.contains("Fixed src/lib.rs"), "{}", out.stderr);
    assert!(!out.stderr.contains("--unsafe-fixes"), "{}", out.stderr);
}

/// `cargo test TEST` on a copy: whether the fixture's test passes.
fn cargo_test(dir: &Path, test: &str) -> bool {
    std::process::Command::new(env!("CARGO"))
        .args(["test", "--quiet", "--offline", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .args(["--lib", test])
        .env(
            "CARGO_TARGET_DIR",
            common::repo().join("target/fixture-check"),
        )
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("cargo runs")
        .success()
}

/// A dead limit's machine-applicable glue: `--fix` applies it alone, the
/// crate compiles, and the fixture's test that the limit takes effect,
/// which fails before, passes.
#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn machine_applicable_glue_compiles_and_makes_the_dead_limit_take_effect() {
    let cases = [
        (
            "bl003-glue-retry-backoff",
            "src/retry.rs",
            "no_delay_exceeds_the_configured_maximum",
        ),
        (
            "bl003-glue-server-timeout",
            "src/mcp.rs",
            "the_configured_timeout_reaches_the_client",
        ),
        (
            "bl003-relayed-only",
            "src/config.rs",
            "the_projects_token_limit_stops_the_run",
        ),
    ];
    for (fixture, file, test) in cases {
        let copy = copy_fixture(fixture);
        assert!(
            !cargo_test(copy.path(), test),
            "{fixture}: `{test}` passes before the fix"
        );
        let manifest = copy.path().join("Cargo.toml").display().to_string();
        let out = run(&["--fix", "--allow-no-vcs", "--manifest-path", &manifest]);
        assert_eq!(out.code, 0, "{fixture}: findings remain: {}", out.stderr);
        assert!(
            out.stderr.contains(&format!("Fixed {file} (1 fix)")),
            "{fixture}: {}",
            out.stderr
        );
        assert!(cargo(copy.path(), "check"), "{fixture}: does not compile");
        assert!(
            cargo_test(copy.path(), test),
            "{fixture}: `{test}` fails after the fix"
        );
    }
}

/// Glue with placeholders is never applied; glue that may be incorrect
/// only with `--unsafe-fixes`, after which the fixture's own test shows
/// the limit enforced.
#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn glue_that_is_not_machine_applicable_waits_for_the_user() {
    let turns = copy_fixture("bl003-glue-max-turns");
    let before: Vec<String> = rust_files(turns.path())
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("read"))
        .collect();
    let out = fix(turns.path());
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(!out.stderr.contains("Fixed"), "{}", out.stderr);
    let after: Vec<String> = rust_files(turns.path())
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("read"))
        .collect();
    assert_eq!(before, after, "code with placeholders was applied");

    let logged = copy_fixture("bl002-glue-logged-limit");
    let test = "a_run_stops_when_its_tool_calls_are_spent";
    assert!(!cargo_test(logged.path(), test), "`{test}` passes before");
    let manifest = logged.path().join("Cargo.toml").display().to_string();
    let out = run(&["--fix", "--allow-no-vcs", "--manifest-path", &manifest]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("1 suggestion that may be incorrect was not applied"),
        "{}",
        out.stderr
    );
    let out = fix(logged.path());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(cargo_test(logged.path(), test), "`{test}` fails after");
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn fix_refuses_a_tree_no_version_control_keeps_without_allow_no_vcs() {
    let copy = copy_fixture("ivy-costcap");
    for args in [&["--fix"][..], &["--fix", "--allow-dirty"]] {
        let out = run_in(copy.path(), args);
        assert_eq!(out.code, 2, "{args:?}");
        assert!(
            out.stderr.contains("no VCS found for") && out.stderr.contains("pass `--allow-no-vcs`"),
            "{}",
            out.stderr
        );
    }
    let untouched = std::fs::read_to_string(copy.path().join("src/runtime/mod.rs")).expect("read");
    assert!(!untouched.contains("cost_used +="));
}

fn git(dir: &Path, args: &[&str]) -> bool {
    std::process::Command::new("git")
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The ivy fixture committed to a fresh repository; `None` without git.
fn committed_ivy() -> Option<tempfile::TempDir> {
    let copy = copy_fixture("ivy-costcap");
    if !git(copy.path(), &["init", "-q"]) {
        eprintln!("note: git is not installed; skipping the work-tree checks of --fix");
        return None;
    }
    assert!(git(copy.path(), &["add", "-A"]));
    assert!(git(copy.path(), &["commit", "-q", "-m", "ivy"]));
    Some(copy)
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn fix_follows_clippy_on_staged_and_dirty_changes() {
    let Some(copy) = committed_ivy() else {
        return;
    };
    let fix_with = |extra: &[&str]| {
        let mut args = vec![".", "--fix", "--unsafe-fixes"];
        args.extend_from_slice(extra);
        run_in(copy.path(), &args)
    };
    let config = copy.path().join("src/config.rs");
    let text = std::fs::read_to_string(&config).expect("read");
    std::fs::write(&config, format!("{text}\n")).expect("write");
    assert!(git(copy.path(), &["add", "src/config.rs"]));
    let staged = fix_with(&[]);
    assert_eq!(staged.code, 2);
    assert!(
        staged.stderr.contains("uncommitted changes")
            && staged.stderr.contains("  * src/config.rs (staged)"),
        "{}",
        staged.stderr
    );
    std::fs::write(copy.path().join("notes.txt"), "untracked\n").expect("write");
    let dirty = fix_with(&["--allow-staged"]);
    assert_eq!(dirty.code, 2);
    assert!(
        dirty.stderr.contains("  * notes.txt (dirty)") && !dirty.stderr.contains("(staged)"),
        "{}",
        dirty.stderr
    );
    std::fs::remove_file(copy.path().join("notes.txt")).expect("remove");
    let allowed = fix_with(&["--allow-staged"]);
    assert_eq!(allowed.code, 0, "{}", allowed.stderr);
    assert!(allowed.stderr.contains("Fixed src/runtime/mod.rs"));
    let everything = fix_with(&["--allow-dirty"]);
    assert_eq!(everything.code, 0, "{}", everything.stderr);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn fix_without_git_on_path_says_so() {
    let Some(copy) = committed_ivy() else {
        return;
    };
    let empty = tempfile::tempdir().expect("temp dir");
    let out = common::run_with_env(
        copy.path(),
        &[".", "--fix", "--unsafe-fixes"],
        &[("PATH", empty.path())],
    );
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("`git` was not found on PATH, so `--fix` cannot tell whether the work tree has uncommitted changes"),
        "{}",
        out.stderr
    );
    let out = common::run_with_env(
        copy.path(),
        &[".", "--fix", "--unsafe-fixes", "--allow-dirty"],
        &[("PATH", empty.path())],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
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
        paths: vec![copy.path().to_path_buf()],
        ..budget_lint::Selection::default()
    };
    let options = budget_lint::Options {
        threads: 1,
        prefilter: true,
        ..budget_lint::Options::default()
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
                .flat_map(|s| budget_lint::fix::edits_for(&report, s))
                .any(|(file, _)| report.db.get(file).path.ends_with(display))
        })
        .collect();
    assert!(!edited.is_empty());
    for path in &edited {
        std::fs::write(path, "// rewritten\n").expect("write");
    }
    let outcome = budget_lint::fix::apply(&report, true);
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
