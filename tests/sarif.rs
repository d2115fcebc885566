//! SARIF as GitHub code scanning reads it: the official 2.1.0 schema, the
//! properties GitHub uses, and a reviewed snapshot of one run.

mod common;

use std::sync::OnceLock;

use common::{fixture, manifest, run};
use serde_json::Value;

fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let schema: Value =
            serde_json::from_str(include_str!("sarif-schema-2.1.0.json")).expect("schema parses");
        jsonschema::validator_for(&schema).expect("schema compiles")
    })
}

/// Parses SARIF output and checks it against the official schema.
fn valid_sarif(text: &str, what: &str) -> Value {
    let sarif: Value = serde_json::from_str(text).expect("valid JSON");
    let errors: Vec<String> = validator()
        .iter_errors(&sarif)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {}", errors.join("\n"));
    sarif
}

fn sarif_of(args: &[&str]) -> (i32, Value) {
    let mut args = args.to_vec();
    args.extend(["--message-format", "sarif"]);
    let out = run(&args);
    assert!(out.code == 0 || out.code == 1, "{args:?}: {}", out.stderr);
    (out.code, valid_sarif(&out.stdout, &args.join(" ")))
}

fn ivy() -> Value {
    let (code, sarif) = sarif_of(&["--manifest-path", &manifest("ivy-costcap")]);
    assert_eq!(code, 1);
    sarif
}

#[test]
fn the_validator_rejects_a_run_without_a_tool() {
    let broken = serde_json::json!({ "version": "2.1.0", "runs": [{ "results": [] }] });
    assert!(!validator().is_valid(&broken));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn sarif_of_every_fixture_validates_against_the_schema() {
    for dir in common::fixtures() {
        let manifest = dir.join("Cargo.toml").display().to_string();
        let (_, sarif) = sarif_of(&["--manifest-path", &manifest]);
        for result in sarif["runs"][0]["results"].as_array().expect("results") {
            let uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .expect("uri");
            assert!(
                !uri.starts_with("./") && !uri.contains('\\') && !uri.starts_with('/'),
                "{uri}"
            );
        }
    }
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn the_ivy_run_matches_the_reviewed_snapshot() {
    let mut sarif = ivy();
    let run = &mut sarif["runs"][0];
    // The rules carry the lint documentation, which `rules_describe_…`
    // checks; the snapshot covers everything else.
    run["tool"]["driver"]["rules"] = Value::Null;
    let text = serde_json::to_string_pretty(run).expect("serializes");
    common::assert_snapshot("ivy-costcap.sarif-run.json", &format!("{text}\n"));
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn rules_describe_each_lint_for_code_scanning() {
    let sarif = ivy();
    let driver = &sarif["runs"][0]["tool"]["driver"];
    assert_eq!(driver["name"], "cargo-budget-lint");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    assert!(driver["informationUri"].as_str().is_some());
    let rules = driver["rules"].as_array().expect("rules");
    assert_eq!(rules.len(), budget_lint::registry::LINTS.len());
    for (rule, lint) in rules.iter().zip(budget_lint::registry::LINTS) {
        assert_eq!(rule["id"], lint.code);
        assert_eq!(rule["name"], lint.name);
        assert_eq!(rule["shortDescription"]["text"], lint.summary);
        let full = rule["fullDescription"]["text"].as_str().expect("full");
        assert!(!full.is_empty() && full.chars().count() <= 1024, "{full}");
        assert_eq!(rule["help"]["text"], lint.doc);
        assert_eq!(rule["help"]["markdown"], lint.doc);
        assert!(
            rule["helpUri"]
                .as_str()
                .is_some_and(|u| u.ends_with(&format!("{}-{}.md", lint.code, lint.name)))
        );
        let (level, severity) = match lint.default_level {
            budget_lint::registry::Level::Deny => ("error", "error"),
            budget_lint::registry::Level::Warn => ("warning", "warning"),
            budget_lint::registry::Level::Allow => ("note", "recommendation"),
        };
        assert_eq!(rule["defaultConfiguration"]["level"], level);
        let properties = &rule["properties"];
        assert!(properties["tags"].as_array().is_some_and(|t| !t.is_empty()));
        assert_eq!(properties["precision"], lint.precision.as_str());
        assert_eq!(properties["problem.severity"], severity);
        assert!(properties.get("security-severity").is_none());
    }
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn results_link_their_evidence_and_carry_fingerprints_and_fixes() {
    let sarif = ivy();
    let run = &sarif["runs"][0];
    assert_eq!(run["columnKind"], "utf16CodeUnits");
    assert!(run.get("automationDetails").is_none());
    let result = &run["results"][0];
    assert_eq!(result["ruleId"], "BL001");
    assert_eq!(result["ruleIndex"], 0);
    assert_eq!(result["level"], "error");
    let location = &result["locations"][0]["physicalLocation"];
    assert_eq!(
        location["artifactLocation"]["uri"],
        "fixtures/ivy-costcap/src/budget.rs"
    );
    assert!(location["artifactLocation"].get("uriBaseId").is_none());
    let region = &location["region"];
    assert_eq!(
        (
            &region["startLine"],
            &region["startColumn"],
            &region["endLine"],
            &region["endColumn"]
        ),
        (&15.into(), &9.into(), &15.into(), &18.into())
    );

    let text = result["message"]["text"].as_str().expect("message");
    let related = result["relatedLocations"].as_array().expect("related");
    for location in related {
        let id = location["id"].as_u64().expect("id");
        let message = location["message"]["text"].as_str().expect("text");
        assert!(text.contains(&format!("[{message}]({id})")), "{text}");
    }

    let fingerprints = &result["partialFingerprints"];
    let line_hash = fingerprints["primaryLocationLineHash"]
        .as_str()
        .expect("line hash");
    let source =
        std::fs::read_to_string(fixture("ivy-costcap").join("src/budget.rs")).expect("source");
    assert_eq!(line_hash, budget_lint::line_hashes(&source)[14]);
    assert!(
        fingerprints["budgetLint/v1"]
            .as_str()
            .is_some_and(|f| f.ends_with(":1"))
    );

    // The glue goes after the statement that binds the tracked cost, line
    // 63, whose `_cost` is renamed in the same fix.
    let change = &result["fixes"][0]["artifactChanges"][0];
    assert_eq!(
        change["artifactLocation"]["uri"],
        "fixtures/ivy-costcap/src/runtime/mod.rs"
    );
    let replacements = change["replacements"].as_array().expect("replacements");
    assert_eq!(replacements.len(), 2, "{replacements:?}");
    assert_eq!(
        replacements[0]["deletedRegion"],
        serde_json::json!({ "startLine": 63, "startColumn": 20, "endLine": 63, "endColumn": 25 })
    );
    assert_eq!(replacements[0]["insertedContent"]["text"], "cost");
    assert_eq!(
        replacements[1]["deletedRegion"],
        serde_json::json!({ "startLine": 64, "startColumn": 1, "endLine": 64, "endColumn": 1 })
    );
    assert_eq!(
        replacements[1]["insertedContent"]["text"],
        "    state.budget.cost_used += cost;\n"
    );
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn automation_details_only_with_a_category() {
    let (_, sarif) = sarif_of(&[
        "--manifest-path",
        &manifest("ivy-costcap"),
        "--sarif-category",
        "budget-lint",
    ]);
    assert_eq!(
        sarif["runs"][0]["automationDetails"],
        serde_json::json!({ "id": "budget-lint/" })
    );
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn suppressed_findings_are_left_out_unless_asked_for() {
    let (code, sarif) = sarif_of(&["--manifest-path", &manifest("suppressions")]);
    assert_eq!(code, 0);
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    assert!(
        results.iter().all(|r| r.get("suppressions").is_none()),
        "{results:?}"
    );
    assert_eq!(results.len(), 3, "the unused suppressions alone");

    let (_, sarif) = sarif_of(&[
        "--manifest-path",
        &manifest("suppressions"),
        "--sarif-include-suppressed",
    ]);
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    let suppressed: Vec<(&str, &Value)> = results
        .iter()
        .filter_map(|r| Some((r["ruleId"].as_str()?, r.get("suppressions")?)))
        .collect();
    assert_eq!(suppressed.len(), 3, "{results:?}");
    let (code, suppressions) = suppressed[0];
    assert_eq!(code, "BL003");
    assert_eq!(suppressions[0]["kind"], "inSource");
    assert_eq!(
        suppressions[0]["justification"],
        "the gateway enforces the request limit"
    );
    assert_eq!(
        suppressions[0]["location"]["physicalLocation"]["region"]["startLine"],
        5
    );
    let unused = results.iter().filter(|r| r["ruleId"] == "BL100").count();
    assert_eq!(unused, 3);
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn the_suggestions_place_is_a_related_location_linked_from_the_message() {
    let sarif = ivy();
    let result = &sarif["runs"][0]["results"][0];
    let related = result["relatedLocations"].as_array().expect("related");
    let insertion = related
        .iter()
        .find(|r| r["message"]["text"] == "the suggested code goes here")
        .expect("the insertion point");
    let location = &insertion["physicalLocation"];
    assert_eq!(
        location["artifactLocation"]["uri"],
        "fixtures/ivy-costcap/src/runtime/mod.rs"
    );
    assert_eq!(location["region"]["startLine"], 64);
    let id = insertion["id"].as_u64().expect("id");
    let text = result["message"]["text"].as_str().expect("message");
    assert!(
        text.ends_with(&format!("([the suggested code goes here]({id}))")),
        "{text}"
    );
}

/// The file and start line of each step of a code flow.
fn flow_steps(flow: &Value) -> Vec<(String, u64)> {
    flow["threadFlows"][0]["locations"]
        .as_array()
        .expect("locations")
        .iter()
        .map(|step| {
            let location = &step["location"]["physicalLocation"];
            let uri = location["artifactLocation"]["uri"].as_str().expect("uri");
            let file = uri.rsplit_once("/src/").map_or(uri, |(_, f)| f);
            let line = location["region"]["startLine"].as_u64().expect("line");
            (file.to_string(), line)
        })
        .collect()
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn code_flows_run_from_the_spend_to_the_check_that_cannot_fire() {
    let sarif = ivy();
    let flows = sarif["runs"][0]["results"][0]["codeFlows"]
        .as_array()
        .expect("code flows");
    // One path per check of the cost cap.
    assert_eq!(flows.len(), 3);
    let step = |file: &str, line: u64| (file.to_string(), line);
    assert_eq!(
        flow_steps(&flows[0]),
        [
            step("llm/cost_tracker.rs", 24),
            step("runtime/mod.rs", 63),
            step("budget.rs", 15),
            step("runtime/prepare.rs", 16),
        ]
    );
    let last: Vec<u64> = flows.iter().map(|f| flow_steps(f)[3].1).collect();
    assert_eq!(last, [16, 46, 48]);

    let (_, sarif) = sarif_of(&["--manifest-path", &manifest("bl002-unchecked")]);
    let result = &sarif["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "BL002");
    let flows = result["codeFlows"].as_array().expect("code flows");
    assert_eq!(
        flow_steps(&flows[0]),
        [step("lib.rs", 24), step("lib.rs", 9), step("lib.rs", 10)]
    );
    let (_, sarif) = sarif_of(&["--manifest-path", &manifest("bl003-limit-never-read")]);
    assert!(sarif["runs"][0]["results"][0].get("codeFlows").is_none());
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn files_that_fail_to_parse_are_tool_notifications() {
    let dir = common::scratch_copy("ivy-costcap");
    std::fs::write(dir.path().join("src/broken.rs"), "fn broken( {\n").expect("write");
    let out = common::run_in(dir.path(), &[".", "--message-format", "sarif"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let sarif = valid_sarif(&out.stdout, "broken file");
    let invocation = &sarif["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], true);
    let notifications = invocation["toolExecutionNotifications"]
        .as_array()
        .expect("notifications");
    assert_eq!(notifications.len(), 1);
    // A file that does not parse is a warning, as in every format.
    assert_eq!(notifications[0]["level"], "warning");
    let location = &notifications[0]["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "src/broken.rs");
    assert_eq!(location["region"]["startLine"], 1);
    assert_eq!(
        sarif["runs"][0]["results"].as_array().map(Vec::len),
        Some(1)
    );
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn a_run_with_a_baseline_has_no_results_for_baselined_findings() {
    let dir = common::scratch_copy("ivy-costcap");
    let baseline = dir.path().join("baseline.json").display().to_string();
    let out = common::run_in(dir.path(), &[".", "--write-baseline", &baseline]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = common::run_in(
        dir.path(),
        &[".", "--baseline", &baseline, "--message-format", "sarif"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let sarif = valid_sarif(&out.stdout, "baseline");
    assert_eq!(
        sarif["runs"][0]["results"],
        serde_json::json!([]),
        "code scanning would open an alert for each baselined finding"
    );

    let out = common::run_in(
        dir.path(),
        &[
            ".",
            "--baseline",
            &baseline,
            "--message-format",
            "sarif",
            "--sarif-include-suppressed",
        ],
    );
    let sarif = valid_sarif(&out.stdout, "baseline kept");
    let suppressions = &sarif["runs"][0]["results"][0]["suppressions"];
    assert_eq!(suppressions[0]["kind"], "external");
    assert_eq!(
        suppressions[0]["justification"],
        format!("recorded in the baseline `{baseline}`")
    );
}
