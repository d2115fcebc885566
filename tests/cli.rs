//! The command line as users and CI see it: exit statuses, formats, and
//! bad input.

mod common;

use common::{fixture, manifest, run, run_in};

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn costcap_disconnect_is_reported_and_fails_the_run() {
    let out = run(&["--manifest-path", &manifest("ivy-costcap")]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("error[BL001]: `BudgetState::cost_used` is checked against its limit")
    );
    assert!(
        out.stdout
            .contains("parallel tracker `CostTracker::total_cost_usd` is spent here")
    );
    assert!(out.stdout.contains("state.budget.cost_used += _cost;"));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn wired_runtime_is_silent_and_passes() {
    let out = run(&["--manifest-path", &manifest("ivy-wired")]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert_eq!(out.stdout, "");
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn cargo_subcommand_word_and_current_directory_are_accepted() {
    let out = run_in(&fixture("ivy-costcap").join("src"), &["budget-lint"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stdout.contains("BL001"));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn human_output_matches_the_reviewed_snapshot() {
    let out = run(&["--manifest-path", &manifest("ivy-costcap")]);
    assert_eq!(out.code, 1);
    common::assert_snapshot("ivy-costcap.human.txt", &out.stdout);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn json_output_carries_the_finding_with_evidence() {
    let out = run(&[
        "--manifest-path",
        &manifest("ivy-costcap"),
        "--message-format",
        "json",
    ]);
    assert_eq!(out.code, 1);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("valid JSON");
    assert_eq!(doc["schema_version"], 1);
    let findings = doc["findings"].as_array().expect("findings array");
    assert_eq!(findings.len(), 1);
    let finding = &findings[0];
    assert_eq!(finding["code"], "BL001");
    assert_eq!(finding["struct"], "BudgetState");
    assert_eq!(finding["field"], "cost_used");
    assert_eq!(finding["location"]["file"], "src/budget.rs");
    assert_eq!(finding["location"]["start"]["line"], 15);
    let related: Vec<&str> = finding["related"]
        .as_array()
        .expect("related array")
        .iter()
        .map(|r| r["location"]["file"].as_str().unwrap_or(""))
        .collect();
    assert!(related.contains(&"src/runtime/prepare.rs"), "{related:?}");
    assert!(related.contains(&"src/llm/cost_tracker.rs"), "{related:?}");
    assert_eq!(finding["suggestion"]["applicability"], "maybe-incorrect");
    assert_eq!(doc["summary"]["deny"], 1);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn map_shows_each_dimension_with_spend_and_check_counts() {
    let out = run(&["map", "--manifest-path", &manifest("ivy-costcap")]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let row = out
        .stdout
        .lines()
        .find(|l| l.starts_with("BudgetState::cost_used"))
        .expect("cost_used row");
    let numbers: Vec<&str> = row.split_whitespace().skip(2).take(4).collect();
    assert_eq!(numbers, ["0", "1", "3", "0"], "{row}");
    assert!(out.stdout.contains("CostTracker::total_cost_usd"));
}

#[test]
fn missing_manifest_is_a_usage_error() {
    let out = run(&["--manifest-path", "no/such/Cargo.toml"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("does not exist"), "{}", out.stderr);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn unknown_flag_and_unknown_package_are_usage_errors() {
    assert_eq!(run(&["--no-such-flag"]).code, 2);
    let out = run(&["--manifest-path", &manifest("ivy-costcap"), "-p", "nope"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("package `nope`"), "{}", out.stderr);
}

#[test]
fn explain_and_list_print_the_lint_docs() {
    let out = run(&["--explain", "BL001"]);
    assert_eq!(out.code, 0);
    assert!(out.stdout.starts_with("# BL001"));
    let by_name = run(&["--explain", "limit-never-read"]);
    assert!(by_name.stdout.starts_with("# BL003"));
    assert_eq!(run(&["--explain", "BL999"]).code, 2);
    let list = run(&["--list"]);
    assert!(list.stdout.contains("BL002  incremented-never-checked"));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn unparsable_and_non_utf8_files_are_reported_and_the_rest_linted() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = fixture("ivy-costcap").join("src");
    common::copy_dir(&src, &dir.path().join("src"));
    std::fs::write(dir.path().join("src/broken.rs"), "fn broken( {\n").expect("write");
    std::fs::write(dir.path().join("src/latin1.rs"), b"// caf\xe9\nfn f() {}\n").expect("write");
    let path = dir.path().display().to_string();
    let out = run(&[&path, "--message-format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("valid JSON");
    let errors = doc["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors[0]["file"]
            .as_str()
            .unwrap_or("")
            .ends_with("src/broken.rs")
    );
    assert_eq!(errors[0]["location"]["start"]["line"], 1);
    assert!(
        errors[1]["message"]
            .as_str()
            .unwrap_or("")
            .contains("UTF-8")
    );
    assert_eq!(doc["findings"].as_array().map(Vec::len), Some(1));
    assert_eq!(out.code, 1);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn metadata_failure_falls_back_to_a_directory_walk_with_one_warning() {
    let dir = tempfile::tempdir().expect("temp dir");
    common::copy_dir(&fixture("ivy-costcap").join("src"), &dir.path().join("src"));
    std::fs::write(dir.path().join("Cargo.toml"), "[package\nname = ").expect("write");
    let manifest = dir.path().join("Cargo.toml").display().to_string();
    let out = run(&["--manifest-path", &manifest]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let warnings: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    assert_eq!(warnings.len(), 1, "{}", out.stdout);
    assert!(out.stdout.contains("BL001"));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn bad_configuration_is_an_error_naming_file_line_and_key() {
    let dir = tempfile::tempdir().expect("temp dir");
    common::copy_dir(&fixture("ivy-costcap"), dir.path());
    std::fs::write(
        dir.path().join("budget-lint.toml"),
        "counter-words = []\nmax-depth = 3\n",
    )
    .expect("write");
    let manifest = dir.path().join("Cargo.toml").display().to_string();
    let out = run(&["--manifest-path", &manifest]);
    assert_eq!(out.code, 2, "{}", out.stdout);
    assert!(out.stderr.contains("budget-lint.toml:2:"), "{}", out.stderr);
    assert!(out.stderr.contains("max-depth"), "{}", out.stderr);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn configured_levels_decide_the_exit_status() {
    let dir = tempfile::tempdir().expect("temp dir");
    common::copy_dir(&fixture("ivy-costcap"), dir.path());
    let manifest = dir.path().join("Cargo.toml").display().to_string();
    std::fs::write(
        dir.path().join("budget-lint.toml"),
        "[lints]\nBL001 = \"warn\"\n",
    )
    .expect("write");
    let warned = run(&["--manifest-path", &manifest]);
    assert_eq!(warned.code, 0, "{}", warned.stderr);
    assert!(
        warned.stdout.contains("warning[BL001]"),
        "{}",
        warned.stdout
    );
    std::fs::write(
        dir.path().join("budget-lint.toml"),
        "[lints]\nall = \"allow\"\n",
    )
    .expect("write");
    let allowed = run(&["--manifest-path", &manifest]);
    assert_eq!((allowed.code, allowed.stdout.as_str()), (0, ""));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn readme_shows_the_current_ivy_diagnostic() {
    let readme = std::fs::read_to_string(common::repo().join("README.md")).expect("README");
    let snapshot =
        std::fs::read_to_string(common::repo().join("tests/snapshots/ivy-costcap.human.txt"))
            .expect("snapshot");
    assert!(
        readme.contains(&snapshot),
        "README's pasted diagnostic is stale: paste tests/snapshots/ivy-costcap.human.txt"
    );
}
