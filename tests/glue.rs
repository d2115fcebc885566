//! The glue of BL002 and BL003 findings on the fixtures written for it (a
//! dead `max_turns` beside an enforced per-turn limit, a retry delay cap
//! never handed to the backoff builder, a per-server timeout never
//! applied, a counter whose limit is only logged): reviewed snapshots of
//! the human, JSON, SARIF and GitHub output, and the README's example.

mod common;

use common::{assert_snapshot, manifest, run};
use serde_json::Value;

const GLUE_FIXTURES: [&str; 4] = [
    "bl002-glue-logged-limit",
    "bl003-glue-max-turns",
    "bl003-glue-retry-backoff",
    "bl003-glue-server-timeout",
];

fn lint(fixture: &str, format: &str) -> common::Run {
    let out = run(&[
        "--manifest-path",
        &manifest(fixture),
        "--message-format",
        format,
    ]);
    assert_eq!(out.code, 1, "{fixture}: {}", out.stderr);
    out
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn human_output_shows_where_the_glue_goes_and_what_it_rests_on() {
    for fixture in GLUE_FIXTURES {
        let out = lint(fixture, "human");
        assert_snapshot(&format!("{fixture}.human.txt"), &out.stderr);
    }
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn json_output_carries_the_glue_with_its_place_and_applicability() {
    for fixture in GLUE_FIXTURES {
        let out = lint(fixture, "json");
        let doc: Value = serde_json::from_str(&out.stdout).expect("valid JSON");
        let findings = serde_json::to_string_pretty(&doc["findings"]).expect("serializes");
        assert_snapshot(
            &format!("{fixture}.findings.json"),
            &format!("{findings}\n"),
        );
    }
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn sarif_output_carries_the_glue_as_fixes_and_a_related_location() {
    for fixture in GLUE_FIXTURES {
        let out = lint(fixture, "sarif");
        let mut sarif: Value = serde_json::from_str(&out.stdout).expect("valid JSON");
        let run = &mut sarif["runs"][0];
        // The rules carry the lint documentation, which tests/sarif.rs checks.
        run["tool"]["driver"]["rules"] = Value::Null;
        let text = serde_json::to_string_pretty(run).expect("serializes");
        assert_snapshot(&format!("{fixture}.sarif-run.json"), &format!("{text}\n"));
        let result = &run["results"][0];
        let expects_fix = fixture != "bl003-glue-max-turns";
        assert_eq!(
            result["fixes"].is_array(),
            expects_fix,
            "{fixture}: a fix only for glue without placeholders"
        );
    }
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn github_annotations_carry_the_glue() {
    let out = lint("bl003-glue-retry-backoff", "github");
    assert_snapshot("bl003-glue-retry-backoff.github.txt", &out.stdout);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn every_glue_fixture_gets_its_suggestion_with_an_honest_applicability() {
    let expected = [
        (
            "bl002-glue-logged-limit",
            "src/lib.rs",
            53,
            "maybe-incorrect",
        ),
        (
            "bl003-glue-max-turns",
            "src/agent.rs",
            51,
            "has-placeholders",
        ),
        (
            "bl003-glue-retry-backoff",
            "src/retry.rs",
            13,
            "machine-applicable",
        ),
        (
            "bl003-glue-server-timeout",
            "src/mcp.rs",
            8,
            "machine-applicable",
        ),
    ];
    for (fixture, file, line, applicability) in expected {
        let out = lint(fixture, "json");
        let doc: Value = serde_json::from_str(&out.stdout).expect("valid JSON");
        let suggestion = &doc["findings"][0]["suggestion"];
        assert_eq!(
            (
                suggestion["after"]["file"].as_str(),
                suggestion["after"]["end"]["line"].as_u64(),
                suggestion["applicability"].as_str(),
            ),
            (Some(file), Some(line), Some(applicability)),
            "{fixture}: {suggestion:#}"
        );
    }
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn readme_shows_a_bl003_finding_with_its_glue() {
    let readme = std::fs::read_to_string(common::repo().join("README.md")).expect("README");
    let snapshot = std::fs::read_to_string(
        common::repo().join("tests/snapshots/bl003-glue-retry-backoff.human.txt"),
    )
    .expect("snapshot");
    assert!(
        readme.contains(&snapshot),
        "README's BL003 example is stale: paste tests/snapshots/bl003-glue-retry-backoff.human.txt"
    );
}
