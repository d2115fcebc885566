//! Each lint's demand covers what its rule reads: on every fixture, the
//! prefilter serving that lint's demand alone gives the lint's findings and
//! suggestions exactly as parsing every file does.

use std::path::{Path, PathBuf};

use crate::engine::Options;
use crate::input::discover::Selection;
use crate::registry::LintId;
use crate::{Report, analyze_lints};

fn fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
        .expect("fixtures/ exists")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|dir| dir.join("Cargo.toml").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// The findings of a report with their spans as paths and byte ranges,
/// which do not depend on how the files were numbered.
fn described(report: &Report) -> Vec<String> {
    let at = |span: crate::analysis::facts::Span| {
        format!(
            "{}:{}-{}",
            report.db.get(span.file).display,
            span.start,
            span.end
        )
    };
    report
        .findings
        .iter()
        .map(|finding| {
            let related: Vec<String> = finding
                .related
                .iter()
                .map(|r| format!("{} {}", at(r.span), r.message))
                .collect();
            let suggestion = finding.suggestion.as_ref().map(|s| {
                let place = s.anchor.or(s.replaces).map(at);
                format!("{:?} {:?} {} {place:?}", s.applicability, s.message, s.code)
            });
            format!(
                "{} {} {} | {} | {:?} | {:?} | {suggestion:?}",
                finding.lint.code,
                at(finding.primary),
                finding.message,
                finding.label,
                related,
                finding.notes
            )
        })
        .collect()
}

fn lint_alone(dir: &Path, id: LintId, prefilter: bool) -> Vec<String> {
    let selection = Selection {
        manifest_path: Some(dir.join("Cargo.toml")),
        ..Selection::default()
    };
    let options = Options {
        threads: 2,
        prefilter,
        progress: crate::engine::progress::ProgressMode::Off,
        cache: crate::engine::cache::Caching::Off,
    };
    let (report, _freeing) =
        analyze_lints(&selection, options, &[id]).expect("the fixture is analyzable");
    described(&report)
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn each_lints_demand_alone_gives_its_findings_on_every_fixture() {
    let mut differences = Vec::new();
    let mut found = 0;
    for id in LintId::ALL {
        if id == LintId::UnusedSuppression {
            continue;
        }
        for dir in fixtures() {
            let exact = lint_alone(&dir, id, false);
            let filtered = lint_alone(&dir, id, true);
            found += exact.len();
            if exact != filtered {
                differences.push(format!(
                    "{:?} on {}:\n  every file parsed: {exact:#?}\n  prefilter: {filtered:#?}",
                    id,
                    dir.display()
                ));
            }
        }
    }
    assert!(found > 0, "no lint fired on any fixture");
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
