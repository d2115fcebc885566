//! SARIF 2.1.0 for GitHub code scanning: one rule per lint, one result per
//! reported finding (suppressed ones only when asked, with their
//! suppression), the evidence and the suggestion's place as related
//! locations, code flows from spend to check for BL001 and BL002, paths
//! relative to the repository root, columns in UTF-16 code units.

use std::collections::HashMap;

use serde_json::{Map, Value, json};

use super::repo_path;
use super::wiring::{self, Missing};
use crate::Report;
use crate::analysis::facts::{FileId, Span};
use crate::diagnostic::{Applicability, Finding, Suggestion, Suppressed};
use crate::fingerprint;
use crate::registry::{LINTS, Level, Lint};

const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
const INFORMATION_URI: &str = "https://github.com/budget-lint/cargo-budget-lint";
/// GitHub's limit on `fullDescription.text`.
const FULL_DESCRIPTION_MAX: usize = 1024;
/// The key of our logical fingerprint in `partialFingerprints`.
const LOGICAL_FINGERPRINT: &str = "budgetLint/v1";
/// The related location where a suggestion's code goes.
const INSERTION_MESSAGE: &str = "the suggested code goes here";
/// Code flows per result: one per pair of a spend and a check can grow
/// quadratically.
const MAX_CODE_FLOWS: usize = 10;

/// What a SARIF run holds beyond the reported findings.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options<'a> {
    /// `automationDetails.id`; unset, the upload's own category applies.
    pub category: Option<&'a str>,
    /// Keep suppressed and baselined findings, marked with their
    /// suppression, for audits. GitHub code scanning opens an alert for
    /// them all the same, so they are left out by default.
    pub include_suppressed: bool,
}

/// Renders the report.
pub fn render(report: &Report, options: Options) -> String {
    let category = options.category;
    let mut writer = Writer {
        report,
        line_hashes: HashMap::new(),
    };
    let results: Vec<Value> = report
        .findings
        .iter()
        .filter(|f| options.include_suppressed || f.suppressed.is_none())
        .map(|f| writer.result(f))
        .collect();
    let mut run = json!({
        "tool": {
            "driver": {
                "name": env!("CARGO_PKG_NAME"),
                "version": env!("CARGO_PKG_VERSION"),
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "informationUri": INFORMATION_URI,
                "rules": LINTS.iter().map(rule).collect::<Vec<_>>(),
            }
        },
        "invocations": [writer.invocation()],
        "columnKind": "utf16CodeUnits",
        "results": results,
    });
    if let Some(category) = category {
        // The upload action appends the slash too: the category is
        // everything before the last one.
        let id = if category.ends_with('/') {
            category.to_string()
        } else {
            format!("{category}/")
        };
        run["automationDetails"] = json!({ "id": id });
    }
    let document = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [run],
    });
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}

fn level(level: Level) -> &'static str {
    match level {
        Level::Deny => "error",
        Level::Warn => "warning",
        Level::Allow => "note",
    }
}

fn problem_severity(level: Level) -> &'static str {
    match level {
        Level::Deny => "error",
        Level::Warn => "warning",
        Level::Allow => "recommendation",
    }
}

fn rule(lint: &Lint) -> Value {
    json!({
        "id": lint.code,
        "name": lint.name,
        "shortDescription": { "text": lint.summary },
        "fullDescription": { "text": full_description(lint.doc) },
        "help": { "text": lint.doc, "markdown": lint.doc },
        "helpUri": format!("{INFORMATION_URI}/blob/main/lints/{}-{}.md", lint.code, lint.name),
        "defaultConfiguration": { "level": level(lint.default_level) },
        "properties": {
            "tags": lint.tags,
            "precision": lint.precision.as_str(),
            "problem.severity": problem_severity(lint.default_level),
        },
    })
}

/// The first paragraph of a lint's "What it does" section as one line, cut
/// at a word to GitHub's limit.
fn full_description(doc: &str) -> String {
    let section = doc
        .split_once("## What it does")
        .map_or(doc, |(_, rest)| rest);
    let paragraph = section
        .trim_start()
        .split("\n\n")
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if paragraph.chars().count() <= FULL_DESCRIPTION_MAX {
        return paragraph;
    }
    let mut cut = String::new();
    for word in paragraph.split(' ') {
        if cut.chars().count() + word.chars().count() + 2 > FULL_DESCRIPTION_MAX {
            break;
        }
        if !cut.is_empty() {
            cut.push(' ');
        }
        cut.push_str(word);
    }
    cut.push('…');
    cut
}

/// Escapes text for a SARIF message, where brackets delimit links.
fn plain(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('[', "\\[")
        .replace(']', "\\]")
}

/// Ends a sentence with a period unless it has one.
fn sentence(text: &str) -> String {
    if text.ends_with(['.', ':', '!', '?']) {
        text.to_string()
    } else {
        format!("{text}.")
    }
}

/// Percent-encodes a path for a URI reference, keeping slashes.
fn uri_encode(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

struct Writer<'a> {
    report: &'a Report,
    line_hashes: HashMap<FileId, Vec<String>>,
}

impl Writer<'_> {
    fn uri(&self, file: FileId) -> String {
        let path = repo_path(self.report, file);
        match path.strip_prefix('/') {
            Some(absolute) => format!("file:///{}", uri_encode(absolute)),
            None => uri_encode(&path),
        }
    }

    fn physical(&self, span: Span) -> Value {
        let file = self.report.db.get(span.file);
        let start = file.location_utf16(span.start);
        let end = file.location_utf16(span.end);
        json!({
            "artifactLocation": { "uri": self.uri(span.file) },
            "region": {
                "startLine": start.line,
                "startColumn": start.column,
                "endLine": end.line,
                "endColumn": end.column,
            }
        })
    }

    fn line_hash(&mut self, span: Span) -> Option<String> {
        let db = &self.report.db;
        let hashes = self
            .line_hashes
            .entry(span.file)
            .or_insert_with(|| fingerprint::line_hashes(db.get(span.file).text()));
        let line = db.get(span.file).line_index(span.start);
        hashes.get(line).cloned()
    }

    fn result(&mut self, finding: &Finding) -> Value {
        let rule_index = LINTS
            .iter()
            .position(|l| l.code == finding.lint.code)
            .unwrap_or(0);
        let mut related: Vec<Value> = finding
            .related
            .iter()
            .enumerate()
            .map(|(i, r)| {
                json!({
                    "id": i + 1,
                    "physicalLocation": self.physical(r.span),
                    "message": { "text": plain(&r.message) },
                })
            })
            .collect();
        let insertion = finding
            .suggestion
            .as_ref()
            .and_then(|s| super::patch::place(self.report, s));
        let insertion_id = related.len() + 1;
        if let Some(span) = insertion {
            related.push(json!({
                "id": insertion_id,
                "physicalLocation": self.physical(span),
                "message": { "text": INSERTION_MESSAGE },
            }));
        }
        let mut fingerprints = Map::new();
        if let Some(hash) = self.line_hash(finding.primary) {
            fingerprints.insert("primaryLocationLineHash".into(), hash.into());
        }
        fingerprints.insert(
            LOGICAL_FINGERPRINT.into(),
            finding.fingerprint.clone().into(),
        );
        let mut result = json!({
            "ruleId": finding.lint.code,
            "ruleIndex": rule_index,
            "level": level(finding.level),
            "message": { "text": message(finding, insertion.map(|_| insertion_id)) },
            "locations": [{ "physicalLocation": self.physical(finding.primary) }],
            "partialFingerprints": fingerprints,
        });
        if !related.is_empty() {
            result["relatedLocations"] = Value::Array(related);
        }
        // Code with placeholders is no fix: its place and text are in the
        // related locations and the message.
        let fix = finding
            .suggestion
            .as_ref()
            .filter(|s| s.applicability != Applicability::HasPlaceholders)
            .and_then(|s| self.fix(s));
        if let Some(fix) = fix {
            result["fixes"] = json!([fix]);
        }
        let flows = self.code_flows(finding);
        if !flows.is_empty() {
            result["codeFlows"] = Value::Array(flows);
        }
        if let Some(suppressed) = &finding.suppressed {
            result["suppressions"] = json!([self.suppression(suppressed)]);
        }
        result
    }

    /// For BL001, a path from each spend of the parallel tracker, through
    /// the place where its amount is in hand and the counter that is never
    /// spent, to each check that cannot fire; for BL002, from each spend
    /// through the counter to the limit no check compares it with. GitHub
    /// shows them under "Show paths".
    fn code_flows(&self, finding: &Finding) -> Vec<Value> {
        let Some(wiring) = wiring::of_finding(self.report, finding) else {
            return Vec::new();
        };
        let model = &self.report.model;
        let counter = model.field_path(wiring.counter);
        let declaration = model.fields[wiring.counter].span;
        let mut paths: Vec<(String, Vec<(Span, String)>)> = Vec::new();
        match wiring.missing {
            Missing::Spend { glue } => {
                for (tracker, spends) in &wiring.trackers {
                    let tracker = model.field_path(*tracker);
                    for &spend in spends {
                        for &check in &wiring.checks {
                            let mut steps = vec![(
                                spend,
                                format!(
                                    "the amount is spent on the parallel tracker `{tracker}` here"
                                ),
                            )];
                            if let Some(glue) = glue {
                                steps.push((
                                    glue,
                                    format!("the amount is in hand here, but `{counter}` is not spent by it"),
                                ));
                            }
                            steps.push((
                                declaration,
                                format!("`{counter}` keeps its initial value"),
                            ));
                            steps.push((check, "so this check can never fire".to_string()));
                            paths.push((
                                format!("`{tracker}` is spent, `{counter}` is checked"),
                                steps,
                            ));
                        }
                    }
                }
            }
            Missing::Check { limit } => {
                let limit_path = model.field_path(limit);
                for &spend in &wiring.spends {
                    paths.push((
                        format!("`{counter}` is spent, `{limit_path}` never compared with it"),
                        vec![
                            (spend, format!("`{counter}` is spent here")),
                            (declaration, "it accumulates here".to_string()),
                            (
                                model.fields[limit].span,
                                "but no check compares it with this limit".to_string(),
                            ),
                        ],
                    ));
                }
            }
            Missing::None => {}
        }
        paths
            .into_iter()
            .take(MAX_CODE_FLOWS)
            .map(|(message, steps)| {
                let locations: Vec<Value> = steps
                    .into_iter()
                    .map(|(span, text)| {
                        json!({
                            "location": {
                                "physicalLocation": self.physical(span),
                                "message": { "text": plain(&text) },
                            }
                        })
                    })
                    .collect();
                json!({
                    "message": { "text": plain(&message) },
                    "threadFlows": [{ "locations": locations }],
                })
            })
            .collect()
    }

    /// The suggestion as the same text edits `--fix` makes.
    fn fix(&self, suggestion: &Suggestion) -> Option<Value> {
        let edits = crate::fix::edits_for(self.report, suggestion);
        let mut changes: Vec<Value> = Vec::new();
        let mut last_file = None;
        for (file, edit) in edits {
            let span = Span {
                file,
                start: edit.range.start,
                end: edit.range.end,
            };
            let replacement = json!({
                "deletedRegion": self.physical(span)["region"],
                "insertedContent": { "text": edit.text },
            });
            if last_file == Some(file)
                && let Some(Value::Array(replacements)) = changes
                    .last_mut()
                    .and_then(|change| change.get_mut("replacements"))
            {
                replacements.push(replacement);
                continue;
            }
            last_file = Some(file);
            changes.push(json!({
                "artifactLocation": { "uri": self.uri(file) },
                "replacements": [replacement],
            }));
        }
        if changes.is_empty() {
            return None;
        }
        Some(json!({
            "description": { "text": sentence(&plain(&suggestion.message)) },
            "artifactChanges": changes,
        }))
    }

    fn suppression(&self, suppressed: &Suppressed) -> Value {
        match suppressed {
            Suppressed::InSource { comment, reason } => {
                let mut value = json!({
                    "kind": "inSource",
                    "status": "accepted",
                    "location": { "physicalLocation": self.physical(*comment) },
                });
                if let Some(reason) = reason {
                    value["justification"] = reason.as_str().into();
                }
                value
            }
            Suppressed::Baseline => {
                let path = self
                    .report
                    .baseline
                    .as_ref()
                    .map_or("", |b| b.path.as_str());
                json!({
                    "kind": "external",
                    "status": "accepted",
                    "justification": format!("recorded in the baseline `{path}`"),
                })
            }
        }
    }

    fn invocation(&self) -> Value {
        let mut notifications: Vec<Value> = self
            .report
            .errors
            .iter()
            .map(|error| {
                let location = match error.file {
                    Some(file) => self.physical(Span {
                        file,
                        start: error.offset,
                        end: error.offset,
                    }),
                    None => json!({ "artifactLocation": { "uri": uri_encode(&error.display) } }),
                };
                // A file that does not parse is a warning, one that cannot
                // be read an error, as in every other format.
                let (level, what) = match error.file {
                    Some(_) => ("warning", "could not parse"),
                    None => ("error", "could not lint"),
                };
                json!({
                    "level": level,
                    "message": { "text": sentence(&plain(&format!("{what} `{}`: {}", error.display, error.message))) },
                    "locations": [{ "physicalLocation": location }],
                })
            })
            .collect();
        notifications.extend(self.report.warnings.iter().map(|warning| {
            json!({
                "level": "warning",
                "message": { "text": sentence(&plain(warning)) },
            })
        }));
        let unreadable = self.report.errors.iter().any(|e| e.file.is_none());
        json!({
            "executionSuccessful": !unreadable,
            "toolExecutionNotifications": notifications,
        })
    }
}

/// The finding's message with its notes, its evidence linked to the
/// related locations by id, and its suggestion linked to where its code
/// goes.
fn message(finding: &Finding, insertion: Option<usize>) -> String {
    let mut text = sentence(&plain(&finding.message));
    for note in &finding.notes {
        text.push(' ');
        text.push_str(&sentence(&plain(note)));
    }
    if !finding.related.is_empty() {
        let links: Vec<String> = finding
            .related
            .iter()
            .enumerate()
            .map(|(i, r)| format!("[{}]({})", plain(&r.message), i + 1))
            .collect();
        text.push_str(&format!(" Evidence: {}.", links.join(", ")));
    }
    if let Some(suggestion) = &finding.suggestion {
        let kind = match suggestion.applicability {
            Applicability::MachineApplicable => "`--fix` applies it",
            Applicability::MaybeIncorrect => "it may be incorrect",
            Applicability::HasPlaceholders => "fill in the placeholders",
        };
        text.push_str(&format!(
            " Suggestion ({kind}): {}: `{}`",
            plain(&suggestion.message),
            plain(suggestion.code.trim())
        ));
        if let Some(id) = insertion {
            text.push_str(&format!(" ([{INSERTION_MESSAGE}]({id}))"));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_descriptions_are_one_paragraph_within_githubs_limit() {
        for lint in LINTS {
            let text = full_description(lint.doc);
            assert!(!text.is_empty() && !text.contains('\n'), "{}", lint.code);
            assert!(
                text.chars().count() <= FULL_DESCRIPTION_MAX,
                "{}",
                lint.code
            );
        }
        let long = format!("## What it does\n{}\n", "word ".repeat(400));
        let cut = full_description(&long);
        assert!(cut.ends_with('…') && cut.chars().count() <= FULL_DESCRIPTION_MAX);
    }

    #[test]
    fn uris_and_messages_are_escaped() {
        assert_eq!(uri_encode("src/a b/ü.rs"), "src/a%20b/%C3%BC.rs");
        assert_eq!(plain("v[0] \\"), "v\\[0\\] \\\\");
    }
}
