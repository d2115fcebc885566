//! Machine-readable output: one JSON document, schema version 1 (see
//! README.md, "JSON output").

use serde::Serialize;

use super::{Location, locate};
use crate::Report;
use crate::diagnostic::Applicability;
use crate::registry::Level;

pub const SCHEMA_VERSION: u32 = 1;

#[derive(Serialize)]
struct Document<'a> {
    schema_version: u32,
    tool: Tool,
    findings: Vec<JsonFinding<'a>>,
    errors: Vec<JsonError<'a>>,
    warnings: &'a [String],
    summary: Summary,
    /// Present with `--baseline`.
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline: Option<JsonBaseline<'a>>,
}

#[derive(Serialize)]
struct JsonBaseline<'a> {
    file: &'a str,
    matched: usize,
    absent: &'a [crate::baseline::Entry],
}

#[derive(Serialize)]
struct Tool {
    name: &'static str,
    version: &'static str,
}

#[derive(Serialize)]
struct JsonFinding<'a> {
    code: &'static str,
    name: &'static str,
    level: Level,
    message: &'a str,
    location: Location,
    #[serde(rename = "struct")]
    struct_name: &'a str,
    field: &'a str,
    related: Vec<JsonRelated<'a>>,
    notes: &'a [String],
    suggestion: Option<JsonSuggestion<'a>>,
}

#[derive(Serialize)]
struct JsonRelated<'a> {
    message: &'a str,
    location: Location,
}

#[derive(Serialize)]
struct JsonSuggestion<'a> {
    message: &'a str,
    code: &'a str,
    applicability: Applicability,
    /// The code goes on new lines after this location's line.
    after: Option<Location>,
    /// The code replaces this location.
    replaces: Option<Location>,
    /// The other edits of the same fix.
    parts: Vec<JsonPart<'a>>,
}

#[derive(Serialize)]
struct JsonPart<'a> {
    replaces: Location,
    code: &'a str,
}

#[derive(Serialize)]
struct JsonError<'a> {
    /// `warning` for a file that does not parse, which leaves the exit
    /// status alone; `error` for one that cannot be read.
    level: &'static str,
    file: &'a str,
    location: Option<Location>,
    message: &'a str,
}

#[derive(Serialize)]
struct Summary {
    files: usize,
    deny: usize,
    warn: usize,
    errors: usize,
    /// Findings left out: suppressed in source or recorded in the baseline.
    suppressed: usize,
}

pub fn render(report: &Report) -> String {
    let db = &report.db;
    let findings = report
        .active()
        .map(|f| JsonFinding {
            code: f.lint.code,
            name: f.lint.name,
            level: f.level,
            message: &f.message,
            location: locate(db, f.primary),
            struct_name: &f.subject.0,
            field: &f.subject.1,
            related: f
                .related
                .iter()
                .map(|r| JsonRelated {
                    message: &r.message,
                    location: locate(db, r.span),
                })
                .collect(),
            notes: &f.notes,
            suggestion: f.suggestion.as_ref().map(|s| JsonSuggestion {
                message: &s.message,
                code: &s.code,
                applicability: s.applicability,
                after: s.anchor.map(|span| locate(db, span)),
                replaces: s.replaces.map(|span| locate(db, span)),
                parts: s
                    .parts
                    .iter()
                    .map(|part| JsonPart {
                        replaces: locate(db, part.span),
                        code: &part.code,
                    })
                    .collect(),
            }),
        })
        .collect();
    let errors = report
        .errors
        .iter()
        .map(|e| JsonError {
            level: if e.file.is_some() { "warning" } else { "error" },
            file: &e.display,
            location: e.file.map(|file| {
                locate(
                    db,
                    crate::analysis::facts::Span {
                        file,
                        start: e.offset,
                        end: e.offset,
                    },
                )
            }),
            message: &e.message,
        })
        .collect();
    let document = Document {
        schema_version: SCHEMA_VERSION,
        tool: Tool {
            name: env!("CARGO_PKG_NAME"),
            version: env!("CARGO_PKG_VERSION"),
        },
        findings,
        errors,
        warnings: &report.warnings,
        summary: Summary {
            files: report.files,
            deny: report.count(Level::Deny),
            warn: report.count(Level::Warn),
            errors: report.errors.len(),
            suppressed: report.findings.len() - report.active().count(),
        },
        baseline: report.baseline.as_ref().map(|b| JsonBaseline {
            file: &b.path,
            matched: b.matched,
            absent: &b.absent,
        }),
    };
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    text
}
