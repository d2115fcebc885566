//! The command line as users and CI see it: exit statuses, formats, and
//! bad input.

mod common;

use common::{fixture, manifest, run, run_in};

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn costcap_disconnect_is_reported_and_fails_the_run() {
    let out = run(&["--manifest-path", &manifest("ivy-costcap")]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(out.stdout, "", "human diagnostics go to stderr, as rustc's");
    assert!(
        out.stderr
            .contains("error[BL001]: `BudgetState::cost_used` is checked against its limit")
    );
    assert!(
        out.stderr
            .contains("parallel tracker `CostTracker::total_cost_usd` is spent here")
    );
    assert!(out.stderr.contains("state.budget.cost_used += cost;"));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn wired_runtime_is_silent_and_passes() {
    let out = run(&["--manifest-path", &manifest("ivy-wired")]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert_eq!(out.stdout, "");
    assert_eq!(out.stderr, "budget-lint: no findings in 11 files\n");
    let quiet = run(&["--manifest-path", &manifest("ivy-wired"), "-q"]);
    assert_eq!((quiet.code, quiet.stderr.as_str()), (0, ""));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn cargo_subcommand_word_and_current_directory_are_accepted() {
    let out = run_in(&fixture("ivy-costcap").join("src"), &["budget-lint"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("BL001"));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn human_output_matches_the_reviewed_snapshot() {
    let out = run(&["--manifest-path", &manifest("ivy-costcap")]);
    assert_eq!(out.code, 1);
    common::assert_snapshot("ivy-costcap.human.txt", &out.stderr);
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
    assert!(
        out.stderr
            .contains("package ID specification `nope` did not match any packages"),
        "{}",
        out.stderr
    );
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
        .stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    assert_eq!(warnings.len(), 1, "{}", out.stderr);
    assert!(out.stderr.contains("BL001"));
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
        warned.stderr.contains("warning[BL001]"),
        "{}",
        warned.stderr
    );
    std::fs::write(
        dir.path().join("budget-lint.toml"),
        "[lints]\nall = \"allow\"\n",
    )
    .expect("write");
    let allowed = run(&["--manifest-path", &manifest]);
    assert_eq!(
        (allowed.code, allowed.stderr.as_str()),
        (0, "budget-lint: no findings in 11 files\n")
    );
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

/// VS Code's `$rustc` problem matcher (rust-analyzer's): a header line,
/// then right below it the location.
fn rustc_problem(header: &str, location: &str) -> Option<(String, String, usize, usize)> {
    let (kind, message) = header.split_once(": ")?;
    let code = kind
        .strip_prefix("error[")
        .or(kind.strip_prefix("warning["))?;
    let code = code.strip_suffix(']')?;
    let location = location
        .trim_start_matches(|c: char| c.is_whitespace() || "->=".contains(c))
        .trim_end();
    let mut parts = location.rsplitn(3, ':');
    let column = parts.next()?.parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    let file = parts.next()?;
    let _ = message;
    Some((code.to_string(), file.to_string(), line, column))
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn human_headers_are_read_by_rustcs_problem_matcher() {
    let out = run(&["--manifest-path", &manifest("suppressions")]);
    let lines: Vec<&str> = out.stderr.lines().collect();
    let problems: Vec<_> = lines
        .windows(2)
        .filter_map(|pair| rustc_problem(pair[0], pair[1]))
        .collect();
    let headers = lines.iter().filter(|l| l.starts_with("warning[")).count();
    assert!(headers > 0 && problems.len() == headers, "{}", out.stderr);
    for (code, file, line, column) in problems {
        assert_eq!((code.as_str(), file.as_str()), ("BL100", "src/lib.rs"));
        let source = std::fs::read_to_string(fixture("suppressions").join(&file)).expect("source");
        let text = source.lines().nth(line - 1).expect("line exists");
        assert!(
            text.chars()
                .skip(column - 1)
                .collect::<String>()
                .starts_with("// budget-lint:"),
            "{line}:{column}: {text}"
        );
    }
    // The snippets of other files are marked `:::`, as rustc marks them.
    let ivy = run(&["--manifest-path", &manifest("ivy-costcap")]);
    assert!(
        ivy.stderr
            .contains("\n  ::: src/llm/cost_tracker.rs:24:9\n")
    );
    assert_eq!(ivy.stderr.matches("\n  --> ").count(), 2, "{}", ivy.stderr);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn color_follows_the_flag_cargo_term_color_no_color_and_clicolor_force() {
    let ivy = manifest("ivy-costcap");
    let colored = |out: &common::Run| out.stderr.contains("\x1b[");
    let with = |args: &[&str], env: &[(&str, &str)]| {
        let env: Vec<(&str, &std::path::Path)> = env
            .iter()
            .map(|(k, v)| (*k, std::path::Path::new(*v)))
            .collect();
        let mut all = vec!["--manifest-path", ivy.as_str()];
        all.extend_from_slice(args);
        common::run_with_env(&common::repo(), &all, &env)
    };
    let always = with(&["--color", "always"], &[]);
    assert!(colored(&always), "{}", always.stderr);
    assert!(always.stderr.contains("\x1b[1m\x1b[38;5;9merror[BL001]"));
    assert!(!colored(&with(
        &["--color", "never"],
        &[("CLICOLOR_FORCE", "1")]
    )));
    assert!(!colored(&with(&[], &[])), "not a terminal");
    assert!(colored(&with(&[], &[("CARGO_TERM_COLOR", "always")])));
    assert!(!colored(&with(
        &["--color", "never"],
        &[("CARGO_TERM_COLOR", "always")]
    )));
    assert!(colored(&with(&[], &[("CLICOLOR_FORCE", "1")])));
    assert!(!colored(&with(
        &[],
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]
    )));
    let bad = with(&[], &[("CARGO_TERM_COLOR", "sometimes")]);
    assert_eq!(bad.code, 2, "{}", bad.stderr);
    // Machine formats never carry colour.
    let json = with(&["--message-format", "json", "--color", "always"], &[]);
    assert!(!json.stdout.contains('\x1b'));
}

#[test]
fn long_source_lines_are_trimmed_to_the_width_and_keep_their_label() {
    let dir = tempfile::tempdir().expect("temp dir");
    let padding = "x".repeat(200);
    std::fs::create_dir(dir.path().join("src")).expect("mkdir");
    std::fs::write(
        dir.path().join("src/lib.rs"),
        format!(
            "pub struct Meter {{ pub tokens_used: u64, pub max_tokens: u64 }}\n\
             pub fn over(m: &Meter, {padding}: u64) -> bool {{ {padding} > 0 && m.tokens_used >= m.max_tokens }}\n"
        ),
    )
    .expect("write");
    let wide = run_in(dir.path(), &["."]);
    assert!(
        wide.stderr.lines().any(|l| l.chars().count() > 271),
        "{}",
        wide.stderr
    );
    let out = run_in(dir.path(), &[".", "--diagnostic-width", "80"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let lines: Vec<&str> = out.stderr.lines().collect();
    let source = lines
        .iter()
        .position(|l| l.starts_with("2 │ "))
        .expect("the check's line");
    assert!(lines[source].chars().count() <= 80, "{}", lines[source]);
    assert!(
        lines[source].starts_with("2 │ ...") && lines[source].contains("m.tokens_used"),
        "{}",
        lines[source]
    );
    let label = lines[source + 1];
    assert!(label.ends_with("checked here"), "{label}");
    let caret = label.find('-').expect("label marker");
    assert_eq!(lines[source].get(caret..caret + 13), Some("m.tokens_used"));
}

#[test]
fn a_selection_without_rust_files_is_a_usage_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("README.md"), "# nothing here\n").expect("write");
    let out = run_in(dir.path(), &["."]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert_eq!(out.stderr, "error: no Rust file to lint in `.`\n");
    let map = run_in(dir.path(), &["map", "."]);
    assert_eq!(map.code, 2, "{}", map.stderr);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn verbose_tells_what_was_linted_and_with_which_configuration() {
    let dir = tempfile::tempdir().expect("temp dir");
    common::copy_dir(&fixture("ivy-costcap"), dir.path());
    std::fs::write(
        dir.path().join("budget-lint.toml"),
        "counter-words = [\"billed\"]\n",
    )
    .expect("write");
    let manifest = dir.path().join("Cargo.toml").display().to_string();
    let out = run(&["--manifest-path", &manifest, "-v"]);
    assert!(
        out.stderr
            .starts_with("budget-lint: linted 11 files under `"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("budget-lint: configuration from `")
            && out.stderr.contains("budget-lint.toml`"),
        "{}",
        out.stderr
    );
    assert_eq!(run(&["-q", "-v"]).code, 2, "-q and -v conflict");
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn prefilter_stats_go_to_stderr_and_change_no_output() {
    // A warm run parses nothing and has no rounds to count.
    let args = [
        "--manifest-path",
        &manifest("ivy-costcap"),
        "--message-format",
        "json",
        "--no-cache",
    ];
    let plain = run(&args);
    let stats = std::path::Path::new("2");
    let counted = common::run_with_env(&common::repo(), &args, &[("BUDGET_LINT_STATS", stats)]);
    assert_eq!((counted.code, &counted.stdout), (plain.code, &plain.stdout));
    assert!(
        counted
            .stderr
            .contains("budget-lint: stats: round 1, a new model: ")
            && counted.stderr.contains("files by name mentioned: ")
            && counted.stderr.contains("budget-lint: stats: parsed in "),
        "{}",
        counted.stderr
    );
    assert!(!plain.stderr.contains("stats:"), "{}", plain.stderr);
}

/// Lints the cross-crate workspace with `args`, in short format.
fn cross_crate(args: &[&str]) -> common::Run {
    let workspace = manifest("workspace-cross-crate");
    let mut all = vec![
        "--manifest-path",
        workspace.as_str(),
        "--message-format",
        "short",
    ];
    all.extend_from_slice(args);
    run(&all)
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn packages_are_chosen_as_cargo_chooses_them() {
    // Alone, the budget crate's counter is never spent: the runtime spends it.
    let whole = cross_crate(&[]);
    assert_eq!(whole.code, 0, "{}", whole.stderr);
    for args in [
        &["-p", "budget"][..],
        &["-p", "budget@0.1"],
        &["-p", "budget@0.1.0"],
        &["-p", "bud*"],
        &["--workspace", "--exclude", "runtime"],
        &["--workspace", "--exclude", "run*"],
    ] {
        let out = cross_crate(args);
        assert_eq!(out.code, 1, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr
                .starts_with("budget/src/lib.rs:5:9: error[BL001]")
                && out.stderr.contains(" in 1 file\n"),
            "{args:?}: {}",
            out.stderr
        );
    }
    let out = cross_crate(&["-p", "budget@2"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with(
            "error: package ID specification `budget@2` did not match any packages in the workspace at `"
        ),
        "{}",
        out.stderr
    );
    let out = cross_crate(&["-p", "zz*"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .starts_with("error: package pattern(s) `zz*` not found")
    );
    let out = cross_crate(&["--workspace", "--exclude", "nope"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("warning: excluded package(s) `nope` not found in the workspace")
    );
    assert_eq!(
        cross_crate(&["--exclude", "runtime"]).code,
        2,
        "--exclude needs --workspace"
    );
    assert_eq!(cross_crate(&["-p", "budget", "--workspace"]).code, 2);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn a_directory_as_manifest_path_gets_cargos_explanation() {
    let dir = fixture("ivy-costcap").display().to_string();
    let out = run(&["--manifest-path", &dir]);
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        "error: the manifest-path must be a path to a Cargo.toml file\n"
    );
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn map_honours_json_and_refuses_formats_it_cannot_print() {
    let out = run(&[
        "map",
        "--manifest-path",
        &manifest("ivy-costcap"),
        "--message-format",
        "json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    assert_eq!(doc["schema_version"], 1);
    let cost = doc["budgets"]
        .as_array()
        .expect("budgets")
        .iter()
        .find(|b| b["counter"] == "BudgetState::cost_used")
        .expect("the cost counter");
    assert_eq!(cost["limits"], serde_json::json!(["BudgetState::cost_cap"]));
    assert_eq!(cost["location"]["file"], "src/budget.rs");
    assert_eq!(cost["location"]["start"]["line"], 15);
    assert_eq!(
        cost["spends"],
        serde_json::json!({ "production": 0, "test": 1 })
    );
    assert_eq!(
        cost["checks"],
        serde_json::json!({ "production": 3, "test": 0 })
    );
    let sarif = run(&[
        "map",
        "--manifest-path",
        &manifest("ivy-costcap"),
        "--message-format",
        "sarif",
    ]);
    assert_eq!(sarif.code, 2);
    assert!(sarif.stderr.contains("`map` prints"), "{}", sarif.stderr);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn configuration_errors_show_line_column_and_the_toml_snippet() {
    let dir = tempfile::tempdir().expect("temp dir");
    common::copy_dir(&fixture("ivy-costcap"), dir.path());
    std::fs::write(
        dir.path().join("budget-lint.toml"),
        "counter-words = [\n  \"billed\",\n  3,\n]\n",
    )
    .expect("write");
    let manifest = dir.path().join("Cargo.toml").display().to_string();
    let out = run(&["--manifest-path", &manifest]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.ends_with(
            "budget-lint.toml:3:3: invalid type: integer `3`, expected a string\n  |\n3 |   3,\n  |   ^\n"
        ),
        "{}",
        out.stderr
    );
}

/// The ivy fixture with `file` as `budget-lint.toml` and `metadata` as
/// its `[package.metadata.budget-lint]` table.
fn configured_twice(file: &str, metadata: &str) -> common::Run {
    let dir = tempfile::tempdir().expect("temp dir");
    common::copy_dir(&fixture("ivy-costcap"), dir.path());
    std::fs::write(dir.path().join("budget-lint.toml"), file).expect("write");
    let manifest = dir.path().join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("manifest");
    let text = text.replace(
        "[dependencies]",
        &format!("[package.metadata.budget-lint]\n{metadata}\n[dependencies]"),
    );
    std::fs::write(&manifest, text).expect("write");
    run(&["--manifest-path", &manifest.display().to_string(), "-q"])
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn cargo_metadata_wins_over_the_configuration_file_as_the_readme_says() {
    let metadata_wins = configured_twice(
        "[lints]\nBL001 = \"allow\"\n",
        "lints = { BL001 = \"warn\" }\n",
    );
    assert_eq!(metadata_wins.code, 0, "{}", metadata_wins.stderr);
    assert!(
        metadata_wins.stderr.contains("warning[BL001]"),
        "{}",
        metadata_wins.stderr
    );
    let named_beats_all = configured_twice(
        "[lints]\nBL001 = \"warn\"\n",
        "lints = { all = \"allow\" }\n",
    );
    assert!(
        named_beats_all.stderr.contains("warning[BL001]"),
        "{}",
        named_beats_all.stderr
    );
    let lists_add_up = configured_twice(
        "limit-words = [\"ceiling\"]\n",
        "counter-words = [\"billed\"]\nlints = { BL001 = \"deny\" }\n",
    );
    assert_eq!(lists_add_up.code, 1, "{}", lists_add_up.stderr);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn progress_shows_only_when_asked_outside_a_terminal() {
    let quiet = run(&[
        "--manifest-path",
        &manifest("ivy-costcap"),
        "--message-format",
        "json",
    ]);
    assert!(
        !quiet.stderr.contains("budget-lint: round"),
        "{}",
        quiet.stderr
    );
    let asked = run(&[
        "--manifest-path",
        &manifest("ivy-costcap"),
        "--message-format",
        "json",
        "--progress",
        "--no-cache",
    ]);
    assert_eq!(asked.code, quiet.code);
    assert_eq!(
        asked.stdout, quiet.stdout,
        "progress never changes the output"
    );
    let lines: Vec<&str> = asked
        .stderr
        .lines()
        .filter(|l| l.starts_with("budget-lint: round "))
        .collect();
    assert!(!lines.is_empty(), "{}", asked.stderr);
    assert!(
        lines[0].starts_with("budget-lint: round 1: 0 files read of ")
            && lines[0].ends_with("round 1"),
        "{}",
        lines[0]
    );
    assert!(
        lines.last().is_some_and(|l| !l.contains(" 0 parses")),
        "later rounds count the files parsed: {lines:?}"
    );
}
