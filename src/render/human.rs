//! rustc-like diagnostics rendered with codespan-reporting.

use codespan_reporting::diagnostic::{Diagnostic, Label, Severity};
use codespan_reporting::term::{self, Config};

use crate::Report;
use crate::analysis::facts::FileId;
use crate::diagnostic::FileError;
use crate::diagnostic::Finding;
use crate::registry::Level;

fn severity(level: Level) -> Severity {
    match level {
        Level::Deny => Severity::Error,
        Level::Warn => Severity::Warning,
        Level::Allow => Severity::Note,
    }
}

fn finding_diagnostic(finding: &Finding) -> Diagnostic<FileId> {
    let mut labels = vec![
        Label::primary(
            finding.primary.file,
            finding.primary.start..finding.primary.end,
        )
        .with_message(&finding.label),
    ];
    for related in &finding.related {
        labels.push(
            Label::secondary(related.span.file, related.span.start..related.span.end)
                .with_message(&related.message),
        );
    }
    let mut notes: Vec<String> = finding.notes.iter().map(|n| format!("note: {n}")).collect();
    if let Some(suggestion) = &finding.suggestion {
        let code = suggestion
            .code
            .lines()
            .map(|line| format!("    {line}"))
            .collect::<Vec<_>>()
            .join("\n");
        notes.push(format!("help: {}:\n{code}", suggestion.message));
    }
    notes.push(format!(
        "`{}` ({}) is {}; `cargo budget-lint --explain {}` tells more",
        finding.lint.code,
        finding.lint.name,
        finding.level.as_str(),
        finding.lint.code
    ));
    Diagnostic::new(severity(finding.level))
        .with_code(finding.lint.code)
        .with_message(&finding.message)
        .with_labels(labels)
        .with_notes(notes)
}

fn error_diagnostic(error: &FileError) -> Diagnostic<FileId> {
    let diagnostic = Diagnostic::error().with_message(format!(
        "could not lint `{}`: {}",
        error.display, error.message
    ));
    match error.file {
        Some(file) => diagnostic.with_labels(vec![
            Label::primary(file, error.offset..error.offset).with_message("here"),
        ]),
        None => diagnostic,
    }
}

pub fn render(report: &Report) -> String {
    let config = Config::default();
    let mut out = String::new();
    for warning in &report.warnings {
        out.push_str(&format!("warning: {warning}\n"));
    }
    let diagnostics = report
        .errors
        .iter()
        .map(error_diagnostic)
        .chain(report.active().map(finding_diagnostic));
    for diagnostic in diagnostics {
        match term::emit_into_string(&config, &report.db, &diagnostic) {
            Ok(text) => out.push_str(&text),
            Err(error) => out.push_str(&format!("error: cannot render a diagnostic: {error}\n")),
        }
    }
    let active = report.active().count();
    if active > 0 {
        let denied = report.count(Level::Deny);
        let warned = report.count(Level::Warn);
        out.push_str(&format!(
            "budget-lint: {active} finding{} ({denied} denied, {warned} warned) in {} file{}\n",
            if active == 1 { "" } else { "s" },
            report.files,
            if report.files == 1 { "" } else { "s" },
        ));
    }
    if let Some(baseline) = &report.baseline {
        out.push_str(&baseline_lines(baseline));
    }
    out
}

fn baseline_lines(baseline: &crate::baseline::Outcome) -> String {
    let mut out = String::new();
    if baseline.matched > 0 {
        out.push_str(&format!(
            "budget-lint: {} finding{} recorded in the baseline `{}` not reported\n",
            baseline.matched,
            if baseline.matched == 1 { "" } else { "s" },
            baseline.path
        ));
    }
    if baseline.absent.is_empty() {
        return out;
    }
    out.push_str(&format!(
        "note: {} baseline entr{} no longer occur{}; `--write-baseline {}` drops {}:\n",
        baseline.absent.len(),
        if baseline.absent.len() == 1 {
            "y"
        } else {
            "ies"
        },
        if baseline.absent.len() == 1 { "s" } else { "" },
        baseline.path,
        if baseline.absent.len() == 1 {
            "it"
        } else {
            "them"
        },
    ));
    for entry in &baseline.absent {
        out.push_str(&format!(
            "  {} `{}::{}` in {}\n",
            entry.code, entry.struct_name, entry.field, entry.file
        ));
    }
    out
}
