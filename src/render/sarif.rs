//! SARIF 2.1.0 for code scanning.

use serde_json::{Value, json};

use super::{Location, locate};
use crate::Report;
use crate::facts::Span;
use crate::lints::{LINTS, Level};

const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
const INFORMATION_URI: &str = "https://github.com/budget-lint/cargo-budget-lint";

fn level(level: Level) -> &'static str {
    match level {
        Level::Deny => "error",
        Level::Warn => "warning",
        Level::Allow => "note",
    }
}

fn physical(location: &Location) -> Value {
    json!({
        "artifactLocation": { "uri": location.file },
        "region": {
            "startLine": location.start.line,
            "startColumn": location.start.column,
            "endLine": location.end.line,
            "endColumn": location.end.column,
        }
    })
}

fn rules() -> Vec<Value> {
    LINTS
        .iter()
        .map(|lint| {
            json!({
                "id": lint.code,
                "name": lint.name,
                "shortDescription": { "text": lint.summary },
                "fullDescription": { "text": lint.summary },
                "help": { "text": lint.doc, "markdown": lint.doc },
                "helpUri": format!("{INFORMATION_URI}/blob/main/lints/{}-{}.md", lint.code, lint.name),
                "defaultConfiguration": { "level": level(lint.default_level) },
                "properties": { "tags": ["correctness", "budget"] },
            })
        })
        .collect()
}

pub fn render(report: &Report) -> String {
    let db = &report.db;
    let results: Vec<Value> = report
        .findings
        .iter()
        .map(|finding| {
            let rule_index = LINTS
                .iter()
                .position(|l| l.code == finding.lint.code)
                .unwrap_or(0);
            let related: Vec<Value> = finding
                .related
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    json!({
                        "id": i + 1,
                        "physicalLocation": physical(&locate(db, r.span)),
                        "message": { "text": r.message },
                    })
                })
                .collect();
            json!({
                "ruleId": finding.lint.code,
                "ruleIndex": rule_index,
                "level": level(finding.level),
                "message": { "text": finding.message },
                "locations": [{ "physicalLocation": physical(&locate(db, finding.primary)) }],
                "relatedLocations": related,
            })
        })
        .collect();
    let notifications: Vec<Value> = report
        .errors
        .iter()
        .map(|error| {
            let location = match error.file {
                Some(file) => physical(&locate(
                    db,
                    Span {
                        file,
                        start: error.offset,
                        end: error.offset,
                    },
                )),
                None => json!({ "artifactLocation": { "uri": error.display } }),
            };
            json!({
                "level": "error",
                "message": { "text": format!("could not lint `{}`: {}", error.display, error.message) },
                "locations": [{ "physicalLocation": location }],
            })
        })
        .collect();
    let document = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "cargo-budget-lint",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": INFORMATION_URI,
                    "rules": rules(),
                }
            },
            "invocations": [{
                "executionSuccessful": true,
                "toolExecutionNotifications": notifications,
            }],
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    });
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}
