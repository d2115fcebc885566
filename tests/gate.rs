//! The CI gate: levels from the command line and `budget-lint.toml`,
//! `--exit-zero`, inline suppressions, baselines and `--list`.

mod common;

use std::path::Path;

use common::{assert_snapshot, manifest, run, run_in, scratch_copy};

fn ivy(extra: &[&str]) -> common::Run {
    let ivy = manifest("ivy-costcap");
    let mut args = vec!["--manifest-path", ivy.as_str()];
    args.extend_from_slice(extra);
    run(&args)
}

/// A copy of the ivy fixture with this `budget-lint.toml`.
fn configured(config: &str) -> tempfile::TempDir {
    let dir = scratch_copy("ivy-costcap");
    std::fs::write(dir.path().join("budget-lint.toml"), config).expect("write");
    dir
}

/// Replaces `from` with `to` in a file, which must contain it.
fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).expect("read");
    assert!(text.contains(from), "{} lacks {from:?}", path.display());
    std::fs::write(path, text.replace(from, to)).expect("write");
}

/// Output with a temporary directory's path replaced, for snapshots.
fn scrub(text: &str, dir: &Path) -> String {
    text.replace(&dir.display().to_string(), "$DIR")
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn warn_level_reports_without_failing() {
    let out = ivy(&["-W", "BL001"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_snapshot("ivy-costcap.warn.txt", &out.stderr);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn level_flags_apply_in_order_and_accept_names_and_all() {
    let out = ivy(&["-A", "all", "--deny", "checked-never-incremented"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("error[BL001]"), "{}", out.stderr);
    let out = ivy(&["-D", "BL001", "--allow", "all"]);
    assert_eq!(out.code, 0);
    assert_eq!(out.stderr, "budget-lint: no findings in 11 files\n");
    let out = ivy(&["-D", "BL042"]);
    assert_eq!(out.code, 2);
    assert_snapshot("unknown-lint-flag.stderr.txt", &out.stderr);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn exit_zero_reports_denied_findings_and_passes() {
    let out = ivy(&["--exit-zero"]);
    assert_eq!(out.code, 0);
    assert_snapshot("ivy-costcap.human.txt", &out.stderr);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn lints_table_of_the_configuration_sets_levels() {
    let dir = configured("[lints]\nall = \"deny\"\nchecked-never-incremented = \"warn\"\n");
    let out = run_in(dir.path(), &["."]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stderr.contains("warning[BL001]"), "{}", out.stderr);
    let out = run_in(dir.path(), &[".", "-D", "BL001"]);
    assert_eq!(out.code, 1, "the command line wins over the configuration");
    let list = run_in(dir.path(), &[".", "--list"]);
    assert_snapshot("list.configured.txt", &list.stdout);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn a_bad_level_in_the_configuration_is_a_configuration_error() {
    let dir = configured("[lints]\nBL001 = \"error\"\n");
    let out = run_in(dir.path(), &["."]);
    assert_eq!(out.code, 2);
    assert_eq!(out.stdout, "");
    assert_snapshot(
        "bad-config-level.stderr.txt",
        &scrub(&out.stderr, dir.path()),
    );
    std::fs::write(
        dir.path().join("budget-lint.toml"),
        "[lints]\nBL009 = \"warn\"\n",
    )
    .expect("write");
    let out = run_in(dir.path(), &["."]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("budget-lint.toml:2:1: key `lints.BL009`: no such lint\n  |\n2 | BL009 = \"warn\"\n  | ^^^^^\n"),
        "{}",
        out.stderr
    );
}

#[test]
fn list_shows_effective_levels() {
    let out = run(&["--list", "-W", "all", "-A", "BL003"]);
    assert_eq!(out.code, 0);
    assert_snapshot("list.flags.txt", &out.stdout);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn inline_suppressions_hide_findings_and_unused_ones_are_reported() {
    let suppressions = manifest("suppressions");
    let out = run(&["--manifest-path", &suppressions]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_snapshot("suppressions.human.txt", &out.stderr);
    let out = run(&["--manifest-path", &suppressions, "-D", "unused-suppression"]);
    assert_eq!(out.code, 1);
    let out = run(&["--manifest-path", &suppressions, "--message-format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    assert_eq!(doc["summary"]["suppressed"], 3);
    assert_eq!(doc["findings"].as_array().map(Vec::len), Some(3));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn a_suppression_without_its_finding_is_unused() {
    let dir = scratch_copy("ivy-costcap");
    let budget = dir.path().join("src/budget.rs");
    let comment = "// budget-lint: allow(BL001) wired in the gateway";
    edit(&budget, "//~ BL001", comment);
    let out = run_in(dir.path(), &["."]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stderr, "budget-lint: no findings in 11 files\n");
    // Moving the comment to the limit leaves BL001 unsuppressed and the
    // comment unused.
    edit(&budget, comment, "");
    edit(
        &budget,
        "    pub cost_cap: f64,",
        "    pub cost_cap: f64, // budget-lint: allow(BL001)",
    );
    let out = run_in(dir.path(), &["."]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("error[BL001]"), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("warning[BL100]: unused suppression: `BL001` does not fire here"),
        "{}",
        out.stderr
    );
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn baseline_reports_only_new_findings_across_shifted_lines() {
    let dir = scratch_copy("ivy-costcap");
    let baseline = dir.path().join("budget-lint.baseline.json");
    let baseline_arg = baseline.display().to_string();
    let out = run_in(dir.path(), &[".", "--write-baseline", &baseline_arg]);
    assert_eq!(out.code, 0, "{}", out.stdout);
    assert_eq!(
        scrub(&out.stderr, dir.path()),
        "budget-lint: recorded 1 finding in `$DIR/budget-lint.baseline.json`\n\
         budget-lint: no findings in 11 files\n\
         budget-lint: 1 finding recorded in the baseline `$DIR/budget-lint.baseline.json` not reported\n"
    );
    assert_snapshot(
        "ivy-costcap.baseline.json",
        &std::fs::read_to_string(&baseline).expect("baseline written"),
    );

    // An unrelated line above the finding moves it down; it stays old.
    let budget = dir.path().join("src/budget.rs");
    let text = std::fs::read_to_string(&budget).expect("read");
    std::fs::write(&budget, format!("// An unrelated comment.\n{text}")).expect("write");
    let out = run_in(dir.path(), &[".", "--baseline", &baseline_arg]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        scrub(&out.stderr, dir.path()),
        "budget-lint: no findings in 11 files\n\
         budget-lint: 1 finding recorded in the baseline `$DIR/budget-lint.baseline.json` not reported\n"
    );
    let without = run_in(dir.path(), &["."]);
    assert!(
        without.stderr.contains("--> src/budget.rs:16:9"),
        "{}",
        without.stderr
    );

    // A new finding fails the run; the old one stays quiet.
    std::fs::write(
        dir.path().join("src/quota.rs"),
        "pub struct Quota { pub calls_used: u32, pub max_calls: u32 }\n\
         pub fn over(q: &Quota) -> bool { q.calls_used >= q.max_calls }\n",
    )
    .expect("write");
    let lib = dir.path().join("src/lib.rs");
    let lib_text = std::fs::read_to_string(&lib).expect("read");
    std::fs::write(&lib, format!("{lib_text}pub mod quota;\n")).expect("write");
    let out = run_in(dir.path(), &[".", "--baseline", &baseline_arg]);
    assert_eq!(out.code, 1);
    assert_snapshot("baseline.new-finding.txt", &scrub(&out.stderr, dir.path()));

    // Fixing the old finding lists its entry as no longer occurring.
    std::fs::remove_file(dir.path().join("src/quota.rs")).expect("remove");
    std::fs::write(&lib, &lib_text).expect("write");
    edit(
        &dir.path().join("src/runtime/execute.rs"),
        "state.budget.tool_calls_used += 1;",
        "state.budget.tool_calls_used += 1;\n        state.budget.cost_used += 0.01;",
    );
    let out = run_in(dir.path(), &[".", "--baseline", &baseline_arg]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_snapshot("baseline.absent.txt", &scrub(&out.stderr, dir.path()));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn a_missing_baseline_is_an_error() {
    let out = ivy(&["--baseline", "no/such/baseline.json"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .starts_with("error: cannot read baseline `no/such/baseline.json`"),
        "{}",
        out.stderr
    );
}

#[test]
fn explain_prints_the_documentation_by_code_or_name() {
    let doc = std::fs::read_to_string(common::repo().join("lints/BL100-unused-suppression.md"))
        .expect("doc");
    for lint in ["BL100", "bl100", "unused-suppression"] {
        let out = run(&["--explain", lint]);
        assert_eq!(out.code, 0);
        assert_eq!(out.stdout, doc);
    }
}
