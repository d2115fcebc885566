//! The fixture runner: every fixture under fixtures/ is linted, and the
//! findings must be exactly those its `//~ CODE` markers name.

mod common;

use std::collections::BTreeSet;

use budget_lint::Selection;

type Expected = BTreeSet<(String, String, usize)>;

fn expected_findings(dir: &std::path::Path) -> Expected {
    let mut expected = Expected::new();
    for (file, line, markers) in common::marked_lines(dir, "//~") {
        for code in markers.split_whitespace() {
            expected.insert((code.to_string(), file.clone(), line));
        }
    }
    expected
}

fn actual_findings(dir: &std::path::Path) -> Expected {
    let selection = Selection {
        manifest_path: Some(dir.join("Cargo.toml")),
        ..Selection::default()
    };
    let options = budget_lint::Options {
        threads: 2,
        prefilter: true,
        ..budget_lint::Options::default()
    };
    let report = budget_lint::analyze(&selection, options).expect("fixture is analyzable");
    assert!(
        report.errors.is_empty(),
        "{}: {:?}",
        dir.display(),
        report.errors
    );
    report
        .active()
        .map(|f| {
            let file = report.db.get(f.primary.file);
            let line = file.location(f.primary.start).line;
            (f.lint.code.to_string(), file.display.clone(), line)
        })
        .collect()
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn every_fixture_yields_exactly_its_marked_findings() {
    let mut failures = Vec::new();
    let selected = common::selected_fixtures();
    assert!(!selected.is_empty(), "no fixture matches FIXTURE");
    for dir in selected {
        let expected = expected_findings(&dir);
        let actual = actual_findings(&dir);
        if expected != actual {
            failures.push(format!(
                "{}:\n  missing: {:?}\n  unexpected: {:?}",
                dir.display(),
                expected.difference(&actual).collect::<Vec<_>>(),
                actual.difference(&expected).collect::<Vec<_>>()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn every_lint_has_a_doc_a_firing_fixture_and_silent_fixtures() {
    let mut fired = BTreeSet::new();
    let mut silent = 0;
    for dir in common::fixtures() {
        let expected = expected_findings(&dir);
        if expected.is_empty() {
            silent += 1;
        }
        fired.extend(expected.into_iter().map(|(code, _, _)| code));
    }
    for lint in budget_lint::registry::LINTS {
        assert!(fired.contains(lint.code), "no fixture fires {}", lint.code);
        let doc = common::repo()
            .join("lints")
            .join(format!("{}-{}.md", lint.code, lint.name));
        assert!(
            doc.is_file(),
            "{} has no documentation at {}",
            lint.code,
            doc.display()
        );
        for section in [
            "## What it does",
            "## Why is this bad",
            "## Example",
            "## Known problems",
        ] {
            assert!(
                lint.doc.contains(section),
                "{} doc lacks `{section}`",
                lint.code
            );
        }
    }
    assert!(silent >= 3, "only {silent} silent fixtures");
}

/// Fixtures are real crates: each must compile.
#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn every_fixture_compiles() {
    let target = common::repo().join("target").join("fixture-check");
    for dir in common::selected_fixtures() {
        let status = std::process::Command::new(env!("CARGO"))
            .args([
                "check",
                "--quiet",
                "--offline",
                "--all-targets",
                "--manifest-path",
            ])
            .arg(dir.join("Cargo.toml"))
            .env("CARGO_TARGET_DIR", &target)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "{} does not compile", dir.display());
    }
}

/// The README's lint table names every lint with its default level, and
/// nothing else.
#[test]
fn the_readme_lint_table_matches_the_registry() {
    let readme = std::fs::read_to_string(common::repo().join("README.md")).expect("README");
    let rows: Vec<(String, String, String)> = readme
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let code = cells.get(1)?;
            let is_code = code.len() == 5 && code.starts_with("BL");
            is_code.then(|| {
                (
                    code.to_string(),
                    cells[2].trim_matches('`').to_string(),
                    cells[3].to_string(),
                )
            })
        })
        .collect();
    let registry: Vec<(String, String, String)> = budget_lint::registry::LINTS
        .iter()
        .map(|l| {
            (
                l.code.to_string(),
                l.name.to_string(),
                l.default_level.as_str().to_string(),
            )
        })
        .collect();
    assert_eq!(rows, registry);
}
