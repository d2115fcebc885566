//! `--message-format github`: workflow-command annotations within GitHub's
//! per-step limits, and the job summary.

mod common;

use std::fmt::Write;

use common::{assert_snapshot, manifest, run_with_env};

/// Arguments that lint a fixture with `--message-format github`.
fn github_args(fixture: &str) -> [String; 4] {
    [
        "--manifest-path".to_string(),
        manifest(fixture),
        "--message-format".to_string(),
        "github".to_string(),
    ]
}

fn github(fixture: &str) -> common::Run {
    let args = github_args(fixture);
    common::run(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn annotations_for_the_ivy_fixture() {
    let out = github("ivy-costcap");
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_snapshot("ivy-costcap.github.txt", &out.stdout);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn the_job_summary_is_appended_when_github_asks_for_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let summary = dir.path().join("summary.md");
    std::fs::write(&summary, "# Earlier step\n\n").expect("write");
    let args = github_args("ivy-costcap");
    let out = run_with_env(
        &common::repo(),
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        &[("GITHUB_STEP_SUMMARY", summary.as_path())],
    );
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(out.stderr, "");
    let text = std::fs::read_to_string(&summary).expect("summary");
    let appended = text
        .strip_prefix("# Earlier step\n\n")
        .expect("earlier content kept");
    assert_snapshot("ivy-costcap.summary.md", appended);
}

/// A crate with `denied` BL001 findings and `warned` unused suppressions.
fn many_findings(denied: usize, warned: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut source = String::new();
    for i in 0..denied {
        writeln!(
            source,
            "pub struct S{i} {{ pub x_used: u32, pub max_x: u32 }}\n\
             pub fn over{i}(s: &S{i}) -> bool {{ s.x_used >= s.max_x }}"
        )
        .expect("write");
    }
    for i in 0..warned {
        writeln!(source, "pub fn f{i}() {{}} // budget-lint: allow(BL002)").expect("write");
    }
    std::fs::create_dir(dir.path().join("src")).expect("mkdir");
    std::fs::write(dir.path().join("src/lib.rs"), source).expect("write");
    dir
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn at_most_ten_annotations_per_level_worst_first_and_the_rest_in_the_log() {
    let dir = many_findings(12, 11);
    let summary = dir.path().join("summary.md");
    let out = run_with_env(
        dir.path(),
        &[".", "--message-format", "github"],
        &[("GITHUB_STEP_SUMMARY", summary.as_path())],
    );
    assert_eq!(out.code, 1, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    let errors = lines.iter().filter(|l| l.starts_with("::error ")).count();
    let warnings = lines.iter().filter(|l| l.starts_with("::warning ")).count();
    assert_eq!((errors, warnings), (10, 10), "{}", out.stdout);
    let last_error = lines.iter().rposition(|l| l.starts_with("::error "));
    let first_warning = lines.iter().position(|l| l.starts_with("::warning "));
    assert!(last_error < first_warning, "{}", out.stdout);
    assert!(
        out.stdout.contains(
            "budget-lint: 3 more without an annotation (GitHub shows 10 per level and step):\n"
        ),
        "{}",
        out.stdout
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("src/lib.rs:"))
            .count(),
        3
    );
    assert!(out.stdout.ends_with("budget-lint: 12 denied, 11 warned\n"));
    let table = std::fs::read_to_string(&summary).expect("summary");
    assert_eq!(table.matches("\n| deny | `BL001`").count(), 12);
    assert_eq!(table.matches("\n| warn | `BL100`").count(), 11);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn warnings_alone_pass() {
    let out = github("suppressions");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_snapshot("suppressions.github.txt", &out.stdout);
}
