//! Wiring diagrams: reviewed snapshots on the ivy fixture, checked by the
//! parsers that draw them where those are installed (`mermaid.parse` from
//! the mermaid npm package through scripts/validate-mermaid, Graphviz's
//! `dot`); where they are not, the parser checks say so and pass.

mod common;

use std::path::Path;
use std::process::Command;

use common::{assert_snapshot, manifest, run, run_with_env};

fn ivy(args: &[&str]) -> common::Run {
    let ivy = manifest("ivy-costcap");
    let mut all = args.to_vec();
    all.extend(["--manifest-path", ivy.as_str()]);
    run(&all)
}

/// Parses Mermaid text with `mermaid.parse`; `None` when the parser is not
/// installed (scripts/validate-mermaid installs it).
fn mermaid_parses(text: &str) -> Option<Result<(), String>> {
    let parser = common::repo().join("target/mermaid/parse.mjs");
    let node = Command::new("node").arg("--version").output();
    if !parser.is_file() || node.is_err() {
        eprintln!(
            "note: mermaid.parse is not installed (run scripts/validate-mermaid); skipping the Mermaid parser check"
        );
        return None;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("diagram.mmd");
    std::fs::write(&file, text).expect("write");
    let output = Command::new("node")
        .arg(&parser)
        .arg(&file)
        .output()
        .expect("node runs");
    Some(if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    })
}

/// Renders DOT text with `dot -Tsvg`; `None` without Graphviz.
fn dot_renders(text: &str) -> Option<Result<String, String>> {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("diagram.dot");
    std::fs::write(&file, text).expect("write");
    let Ok(output) = Command::new("dot").arg("-Tsvg").arg(&file).output() else {
        eprintln!("note: Graphviz's `dot` is not installed; skipping the DOT renderer check");
        return None;
    };
    Some(if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    })
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn the_map_as_mermaid_matches_its_snapshot_and_parses() {
    let out = ivy(&["map", "--message-format", "mermaid"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_snapshot("ivy-costcap.map.mmd", &out.stdout);
    // The tracker's missing edge is dashed, and red by its index.
    let edges: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.contains("-->") || l.contains("-.->"))
        .collect();
    let missing = edges
        .iter()
        .position(|e| e.contains("-.->|never connected|"))
        .expect("the missing edge");
    assert!(
        edges[missing].contains("_tracker0 -.->"),
        "{}",
        edges[missing]
    );
    assert!(
        out.stdout
            .contains(&format!("  linkStyle {missing} stroke:#d1242f")),
        "{}",
        out.stdout
    );
    if let Some(parsed) = mermaid_parses(&out.stdout) {
        parsed.expect("mermaid.parse accepts the map");
    }
    if let Some(parsed) = mermaid_parses("flowchart LR\n  a -->|x|\n") {
        assert!(parsed.is_err(), "the parser check can fail");
    }
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn the_map_as_dot_matches_its_snapshot_and_renders() {
    let out = ivy(&["map", "--message-format", "dot"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_snapshot("ivy-costcap.map.dot", &out.stdout);
    assert!(
        out.stdout.contains(
            "b3_tracker0 -> b3_counter [label=\"never connected\", style=dashed, color=red"
        )
    );
    if let Some(rendered) = dot_renders(&out.stdout) {
        let svg = rendered.expect("dot renders the map");
        assert!(svg.contains("<svg") && svg.contains("never connected"));
    }
    if let Some(rendered) = dot_renders("digraph { a -> }\n") {
        assert!(rendered.is_err(), "the renderer check can fail");
    }
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn each_finding_is_drawn_in_both_languages() {
    let mermaid = ivy(&["--message-format", "mermaid"]);
    assert_eq!(mermaid.code, 1, "{}", mermaid.stderr);
    assert_snapshot("ivy-costcap.finding.mmd", &mermaid.stdout);
    if let Some(parsed) = mermaid_parses(&mermaid.stdout) {
        parsed.expect("mermaid.parse accepts the finding");
    }
    let dot = ivy(&["--message-format", "dot"]);
    assert_snapshot("ivy-costcap.finding.dot", &dot.stdout);
    if let Some(rendered) = dot_renders(&dot.stdout) {
        rendered.expect("dot renders the finding");
    }
    // BL002: the counter's edge to its limit is the missing one.
    let unchecked = run(&[
        "--manifest-path",
        &manifest("bl002-unchecked"),
        "--message-format",
        "mermaid",
    ]);
    assert!(
        unchecked
            .stdout
            .contains("b0_counter -.->|never compared| b0_limit0"),
        "{}",
        unchecked.stdout
    );
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn the_step_summary_draws_each_denied_finding_in_mermaid() {
    let dir = tempfile::tempdir().expect("temp dir");
    let summary = dir.path().join("summary.md");
    let ivy = manifest("ivy-costcap");
    let out = run_with_env(
        &common::repo(),
        &["--manifest-path", &ivy, "--message-format", "github"],
        &[("GITHUB_STEP_SUMMARY", summary.as_path())],
    );
    assert_eq!(out.code, 1, "{}", out.stderr);
    let text = std::fs::read_to_string(&summary).expect("summary");
    let blocks: Vec<&str> = text
        .split("```mermaid\n")
        .skip(1)
        .map(|rest| rest.split("```").next().unwrap_or(""))
        .collect();
    assert_eq!(blocks.len(), 1, "{text}");
    let finding = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/ivy-costcap.finding.mmd"),
    )
    .expect("finding snapshot");
    assert_eq!(blocks[0], finding);
    if let Some(parsed) = mermaid_parses(blocks[0]) {
        parsed.expect("mermaid.parse accepts the summary's diagram");
    }
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn map_refuses_formats_that_are_not_for_it() {
    for format in ["sarif", "github", "short", "cargo-json"] {
        let out = ivy(&["map", "--message-format", format]);
        assert_eq!(out.code, 2, "{format}");
        assert!(
            out.stderr
                .contains("`map` prints `--message-format` `human`, `json`, `mermaid` or `dot`"),
            "{}",
            out.stderr
        );
    }
}
