//! Hostile inputs, from the grammar of `examples/hostile/`: nesting and
//! chains of every expression, type, pattern, item and macro kind. Each
//! case is linted beside a file with a known finding: the run ends with
//! 0, 1 or 2 and never by a signal, any error names the hostile file and
//! says why, and the other file's finding is still reported. The growth of
//! time and memory up to 200,000 is measured by `bench/hostile.py`.

#[path = "../examples/hostile/grammar.rs"]
mod grammar;

use std::path::Path;
use std::process::Command;

const BINARY: &str = env!("CARGO_BIN_EXE_cargo-budget-lint");

/// A limit nothing reads beside a field that is read: one BL003 finding.
const WITNESS: &str = "pub struct WitnessConfig {\n    pub name: String,\n    pub max_witness_turns: u32,\n}\n\npub fn witness_name(c: &WitnessConfig) -> &str {\n    &c.name\n}\n";

struct Outcome {
    code: Option<i32>,
    doc: serde_json::Value,
    stderr: String,
}

fn lint(dir: &Path, extra: &[&str]) -> Outcome {
    let output = Command::new(BINARY)
        .arg(dir)
        .args(["--message-format", "json", "-j", "2"])
        .args(extra)
        .env_remove("GITHUB_STEP_SUMMARY")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let doc = serde_json::from_slice(&output.stdout).unwrap_or(serde_json::Value::Null);
    Outcome {
        code: output.status.code(),
        doc,
        stderr,
    }
}

/// Writes `case` at `size` as `src/lib.rs` beside the witness, lints it,
/// and returns what is wrong with the outcome.
fn check(case: &grammar::Case, size: usize, extra: &[&str]) -> Option<String> {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("src")).expect("mkdir");
    std::fs::write(dir.path().join("src/lib.rs"), (case.generate)(size)).expect("write");
    std::fs::write(dir.path().join("src/witness.rs"), WITNESS).expect("write");
    let out = lint(dir.path(), extra);
    let name = format!("{} at {size} {extra:?}", case.name);
    let Some(code) = out.code else {
        return Some(format!("{name}: ended by a signal: {}", out.stderr));
    };
    if !(0..=2).contains(&code) {
        return Some(format!("{name}: exit {code}: {}", out.stderr));
    }
    let Some(findings) = out.doc["findings"].as_array() else {
        return Some(format!("{name}: no JSON report: {}", out.stderr));
    };
    let witnessed = findings.iter().any(|f| {
        f["code"] == "BL003"
            && f["location"]["file"]
                .as_str()
                .is_some_and(|p| p.ends_with("src/witness.rs"))
    });
    if !witnessed {
        return Some(format!("{name}: the other file's finding is missing"));
    }
    for error in out.doc["errors"].as_array().into_iter().flatten() {
        let file = error["file"].as_str().unwrap_or("");
        let message = error["message"].as_str().unwrap_or("");
        if !file.ends_with("src/lib.rs") || message.is_empty() {
            return Some(format!(
                "{name}: an error without the file and why: {error}"
            ));
        }
    }
    None
}

#[test]
fn every_case_at_a_moderate_size_ends_with_a_status_and_the_rest_linted() {
    let failures: Vec<String> = grammar::CASES
        .iter()
        .filter_map(|case| check(case, 2_000, &[]))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The inputs that overflowed the stack and lost the whole run: a type
/// nested 200,000 deep in a `let` and in a field's type, and modules
/// nested 200,000 deep, with and without the prefilter.
#[test]
fn the_nesting_that_overflowed_the_stack_is_reported_and_the_rest_linted() {
    let mut failures = Vec::new();
    for name in ["type-let", "type-field", "item-mod"] {
        let case = grammar::case(name).expect("a case");
        for extra in [&[][..], &["--no-prefilter"][..]] {
            failures.extend(check(case, 200_000, extra));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
