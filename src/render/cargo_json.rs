//! `--message-format cargo-json`: one line per finding in the form of
//! `cargo check --message-format json`, a `compiler-message` holding a
//! rustc diagnostic, then `build-finished`; what rust-analyzer's
//! `check.overrideCommand` and other tools that read cargo's messages take.

use std::path::Path;

use serde::Serialize;
use serde_json::{Value, json};

use crate::Report;
use crate::analysis::facts::Span;
use crate::diagnostic::{Applicability, Finding};
use crate::registry::Level;

#[derive(Serialize)]
struct Diagnostic {
    #[serde(rename = "$message_type")]
    message_type: &'static str,
    message: String,
    code: Option<Code>,
    level: &'static str,
    spans: Vec<DiagnosticSpan>,
    children: Vec<Diagnostic>,
    rendered: Option<String>,
}

#[derive(Serialize)]
struct Code {
    code: &'static str,
    explanation: Option<&'static str>,
}

#[derive(Serialize)]
struct DiagnosticSpan {
    file_name: String,
    byte_start: usize,
    byte_end: usize,
    line_start: usize,
    line_end: usize,
    column_start: usize,
    column_end: usize,
    is_primary: bool,
    text: Vec<SpanLine>,
    label: Option<String>,
    suggested_replacement: Option<String>,
    suggestion_applicability: Option<&'static str>,
    expansion: Option<Value>,
}

#[derive(Serialize)]
struct SpanLine {
    text: String,
    highlight_start: usize,
    highlight_end: usize,
}

/// The messages; `success` is what `build-finished` says: whether the run
/// exits 0.
pub fn render(report: &Report, success: bool) -> String {
    let mut out = String::new();
    for finding in report.active() {
        let (package_id, manifest_path, target) = owner(report, finding.primary);
        let line = json!({
            "reason": "compiler-message",
            "package_id": package_id,
            "manifest_path": manifest_path,
            "target": target,
            "message": diagnostic(report, finding),
        });
        out.push_str(&line.to_string());
        out.push('\n');
    }
    out.push_str(&json!({ "reason": "build-finished", "success": success }).to_string());
    out.push('\n');
    out
}

fn level(level: Level) -> &'static str {
    match level {
        Level::Deny => "error",
        Level::Warn => "warning",
        Level::Allow => "note",
    }
}

fn applicability(applicability: Applicability) -> &'static str {
    match applicability {
        Applicability::MachineApplicable => "MachineApplicable",
        Applicability::MaybeIncorrect => "MaybeIncorrect",
        Applicability::HasPlaceholders => "HasPlaceholders",
    }
}

fn span(report: &Report, span: Span, primary: bool, label: Option<&str>) -> DiagnosticSpan {
    let file = report.db.get(span.file);
    let start = file.location(span.start);
    let end = file.location(span.end);
    let text = (start.line..=end.line)
        .map(|number| {
            let text = file.line_text(number).to_string();
            let width = text.chars().count() + 1;
            SpanLine {
                highlight_start: if number == start.line {
                    start.column
                } else {
                    1
                },
                highlight_end: if number == end.line {
                    end.column
                } else {
                    width
                },
                text,
            }
        })
        .collect();
    DiagnosticSpan {
        file_name: file.display.clone(),
        byte_start: span.start,
        byte_end: span.end,
        line_start: start.line,
        line_end: end.line,
        column_start: start.column,
        column_end: end.column,
        is_primary: primary,
        text,
        label: label.map(str::to_string),
        suggested_replacement: None,
        suggestion_applicability: None,
        expansion: None,
    }
}

fn child(level: &'static str, message: String, spans: Vec<DiagnosticSpan>) -> Diagnostic {
    Diagnostic {
        message_type: "diagnostic",
        message,
        code: None,
        level,
        spans,
        children: Vec::new(),
        rendered: None,
    }
}

/// The finding as rustc's diagnostic: the primary span with its label, the
/// evidence and the notes as `note` children, the suggestion as a `help`
/// child whose spans carry each edit's replacement.
fn diagnostic(report: &Report, finding: &Finding) -> Diagnostic {
    let mut children: Vec<Diagnostic> = finding
        .related
        .iter()
        .map(|related| {
            child(
                "note",
                related.message.clone(),
                vec![span(report, related.span, true, None)],
            )
        })
        .collect();
    children.extend(
        finding
            .notes
            .iter()
            .map(|note| child("note", note.clone(), Vec::new())),
    );
    if let Some(suggestion) = &finding.suggestion {
        let spans = crate::fix::edits_for(report, suggestion)
            .into_iter()
            .map(|(file, edit)| {
                let mut edited = span(
                    report,
                    Span {
                        file,
                        start: edit.range.start,
                        end: edit.range.end,
                    },
                    true,
                    None,
                );
                edited.suggested_replacement = Some(edit.text);
                edited.suggestion_applicability = Some(applicability(suggestion.applicability));
                edited
            })
            .collect::<Vec<_>>();
        let message = if spans.is_empty() {
            format!("{}: `{}`", suggestion.message, suggestion.code.trim())
        } else {
            suggestion.message.clone()
        };
        children.push(child("help", message, spans));
    }
    Diagnostic {
        message_type: "diagnostic",
        message: finding.message.clone(),
        code: Some(Code {
            code: finding.lint.code,
            explanation: Some(finding.lint.doc),
        }),
        level: level(finding.level),
        spans: vec![span(report, finding.primary, true, Some(&finding.label))],
        children,
        rendered: Some(super::human::render_finding(report, finding)),
    }
}

/// The package and target that hold `span`'s file, as cargo names them:
/// the package whose directory is the nearest around it, and its target
/// whose source directory is. Without cargo metadata, a package standing
/// for the analysis root.
fn owner(report: &Report, span: Span) -> (String, String, Value) {
    let path = &report.db.get(span.file).path;
    let package = report
        .packages
        .iter()
        .filter(|p| {
            p.manifest_path
                .parent()
                .is_some_and(|dir| path.starts_with(dir))
        })
        .max_by_key(|p| p.manifest_path.as_os_str().len());
    let Some(package) = package else {
        return stand_in(report, path);
    };
    let target = package
        .targets
        .iter()
        .filter(|(src, _)| src.parent().is_some_and(|dir| path.starts_with(dir)))
        .max_by_key(|(src, _)| src.parent().map_or(0, |d| d.as_os_str().len()))
        .or(package.targets.first())
        .map_or(Value::Null, |(_, description)| description.clone());
    (
        package.id.clone(),
        package.manifest_path.display().to_string(),
        target,
    )
}

fn stand_in(report: &Report, path: &Path) -> (String, String, Value) {
    let name = report
        .root
        .file_name()
        .map_or("budget-lint".to_string(), |n| {
            n.to_string_lossy().into_owned()
        });
    let root = report.root.display().to_string();
    let target = json!({
        "name": name,
        "kind": ["lib"],
        "crate_types": ["lib"],
        "required-features": [],
        "src_path": path.display().to_string(),
        "edition": "2021",
        "doctest": false,
        "test": false,
        "doc": false,
    });
    (
        format!("path+file://{root}#{name}@0.0.0"),
        report.root.join("Cargo.toml").display().to_string(),
        target,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn applicabilities_use_rustcs_names() {
        assert_eq!(
            applicability(Applicability::MachineApplicable),
            "MachineApplicable"
        );
        assert_eq!(
            applicability(Applicability::MaybeIncorrect),
            "MaybeIncorrect"
        );
        assert_eq!(
            applicability(Applicability::HasPlaceholders),
            "HasPlaceholders"
        );
    }
}
