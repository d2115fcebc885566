//! Formats for editors and line-based tools: cargo's JSON messages, which
//! rust-analyzer reads, and the short one-line format.

mod common;

use cargo_metadata::Message;
use cargo_metadata::diagnostic::{Applicability, DiagnosticLevel};
use common::{fixture, manifest, run};

fn messages(text: &str) -> Vec<Message> {
    text.lines()
        .map(|line| {
            serde_json::from_str::<Message>(line)
                .unwrap_or_else(|e| panic!("not a cargo message ({e}): {line}"))
        })
        .collect()
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn each_line_is_a_cargo_message_whose_spans_point_at_the_right_lines() {
    let out = run(&[
        "--manifest-path",
        &manifest("ivy-costcap"),
        "--message-format",
        "cargo-json",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let messages = messages(&out.stdout);
    assert_eq!(messages.len(), 2, "{}", out.stdout);
    let Message::CompilerMessage(message) = &messages[0] else {
        panic!("a compiler message first: {:?}", messages[0]);
    };
    assert!(matches!(
        &messages[1],
        Message::BuildFinished(finished) if !finished.success
    ));
    assert!(message.package_id.repr.contains("ivy-costcap"));
    assert_eq!(message.target.name, "ivy_costcap");
    let diagnostic = &message.message;
    assert_eq!(diagnostic.level, DiagnosticLevel::Error);
    assert_eq!(
        diagnostic.code.as_ref().map(|c| c.code.as_str()),
        Some("BL001")
    );
    let primary = &diagnostic.spans[0];
    assert!(primary.is_primary);
    assert_eq!(
        (
            primary.file_name.as_str(),
            primary.line_start,
            primary.column_start,
            primary.column_end
        ),
        ("src/budget.rs", 15, 9, 18)
    );
    assert_eq!(primary.text[0].text, "    pub cost_used: f64, //~ BL001");
    assert_eq!(
        primary.label.as_deref(),
        Some("this counter is never spent, so its check can never fire")
    );
    let evidence: Vec<(&str, usize, &str)> = diagnostic
        .children
        .iter()
        .filter(|c| c.level == DiagnosticLevel::Note)
        .flat_map(|c| {
            c.spans
                .iter()
                .map(move |s| (s.file_name.as_str(), s.line_start, c.message.as_str()))
        })
        .collect();
    assert_eq!(
        evidence,
        [
            (
                "src/llm/cost_tracker.rs",
                24,
                "parallel tracker `CostTracker::total_cost_usd` is spent here"
            ),
            ("src/runtime/prepare.rs", 16, "checked here"),
            ("src/runtime/prepare.rs", 46, "checked here"),
            ("src/runtime/prepare.rs", 48, "checked here"),
            (
                "src/runtime/prepare.rs",
                76,
                "written only in test code here"
            ),
        ]
    );
    let source = std::fs::read_to_string(fixture("ivy-costcap").join("src/runtime/prepare.rs"))
        .expect("source");
    let check = &diagnostic.children[1].spans[0];
    assert_eq!(
        &source[check.byte_start as usize..check.byte_end as usize],
        "state.budget.cost_used >= state.budget.cost_cap"
    );

    // The help carries every edit; applied as rust-analyzer applies them,
    // they give the fixed file.
    let help = diagnostic
        .children
        .iter()
        .find(|c| c.level == DiagnosticLevel::Help)
        .expect("a help child");
    let mut text =
        std::fs::read_to_string(fixture("ivy-costcap").join("src/runtime/mod.rs")).expect("source");
    let mut edits: Vec<_> = help.spans.iter().collect();
    assert_eq!(edits.len(), 2);
    for span in &edits {
        assert_eq!(span.file_name, "src/runtime/mod.rs");
        assert_eq!(
            span.suggestion_applicability,
            Some(Applicability::MaybeIncorrect)
        );
    }
    assert_eq!((edits[0].line_start, edits[1].line_start), (63, 64));
    edits.sort_by_key(|s| std::cmp::Reverse(s.byte_start));
    for span in edits {
        let replacement = span.suggested_replacement.as_deref().expect("replacement");
        text.replace_range(
            span.byte_start as usize..span.byte_end as usize,
            replacement,
        );
    }
    let fixed = std::fs::read_to_string(fixture("ivy-costcap").join("src/runtime/mod.rs.fixed"))
        .expect("expectation");
    assert_eq!(text, fixed);
    assert!(
        diagnostic.rendered.as_deref().is_some_and(
            |r| r.starts_with("error[BL001]: ") && r.contains("  --> src/budget.rs:15:9")
        ),
        "{:?}",
        diagnostic.rendered
    );
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn cargo_json_of_a_path_selection_and_a_clean_run_still_parses() {
    let dir = common::scratch_copy("ivy-costcap");
    let out = common::run_in(
        dir.path(),
        &[".", "--message-format", "cargo-json", "-W", "BL001"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let messages = messages(&out.stdout);
    let Message::CompilerMessage(message) = &messages[0] else {
        panic!("{:?}", messages[0]);
    };
    assert_eq!(message.message.level, DiagnosticLevel::Warning);
    assert_eq!(message.message.spans[0].file_name, "src/budget.rs");
    assert!(matches!(&messages[1], Message::BuildFinished(f) if f.success));
    let clean = run(&[
        "--manifest-path",
        &manifest("ivy-wired"),
        "--message-format",
        "cargo-json",
    ]);
    assert_eq!(
        clean.stdout,
        "{\"reason\":\"build-finished\",\"success\":true}\n"
    );
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn short_is_one_line_per_finding_and_one_where_the_fix_goes() {
    let out = run(&[
        "--manifest-path",
        &manifest("ivy-costcap"),
        "--message-format",
        "short",
    ]);
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        "src/budget.rs:15:9: error[BL001]: `BudgetState::cost_used` is checked against its limit but production code never increments it\n\
         src/runtime/mod.rs:64:1: help[BL001]: spend `cost_used` by the amount `CostTracker::total_cost_usd` records: `state.budget.cost_used += cost;`\n\
         budget-lint: 1 finding (1 denied, 0 warned) in 11 files\n"
    );
    let quiet = run(&[
        "--manifest-path",
        &manifest("suppressions"),
        "--message-format",
        "short",
        "-q",
    ]);
    let lines: Vec<&str> = quiet.stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{}", quiet.stderr);
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("src/lib.rs:") && l.contains(": warning[BL100]: "))
    );
}
