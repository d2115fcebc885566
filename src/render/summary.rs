//! The Markdown job summary that `--message-format github` appends to
//! `$GITHUB_STEP_SUMMARY`: every finding in one table, with no limit.

use super::repo_path;
use crate::Report;
use crate::diagnostic::Suppressed;
use crate::registry::Level;

pub fn render(report: &Report) -> String {
    let mut out = String::from("## cargo budget-lint\n\n");
    let files = report.db.files.len();
    let active = report.active().count();
    if active == 0 {
        out.push_str(&format!(
            "No findings in {files} {}.\n",
            plural(files, "file")
        ));
    } else {
        out.push_str(&format!(
            "**{active} {}** ({} denied, {} warned) in {files} {}.\n\n",
            plural(active, "finding"),
            report.count(Level::Deny),
            report.count(Level::Warn),
            plural(files, "file"),
        ));
        out.push_str("| Level | Lint | Location | Message |\n| --- | --- | --- | --- |\n");
        for finding in report.active() {
            let line = report
                .db
                .get(finding.primary.file)
                .location(finding.primary.start)
                .line;
            out.push_str(&format!(
                "| {} | `{}` {} | `{}:{line}` | {} |\n",
                finding.level.as_str(),
                finding.lint.code,
                finding.lint.name,
                repo_path(report, finding.primary.file),
                cell(&finding.message),
            ));
        }
    }
    out.push_str(&diagrams(report));
    let in_source = report
        .findings
        .iter()
        .filter(|f| matches!(f.suppressed, Some(Suppressed::InSource { .. })))
        .count();
    if in_source > 0 {
        out.push_str(&format!(
            "\n{in_source} {} suppressed by `budget-lint: allow` comments.\n",
            plural(in_source, "finding")
        ));
    }
    if let Some(baseline) = &report.baseline {
        out.push_str(&format!(
            "\nNot reported: {} {} recorded in the baseline `{}`.\n",
            baseline.matched,
            plural(baseline.matched, "finding"),
            cell(&baseline.path)
        ));
        if !baseline.absent.is_empty() {
            out.push_str("No longer occurring, so the baseline can drop them:\n\n");
            for entry in &baseline.absent {
                out.push_str(&format!(
                    "- `{}` `{}::{}` in `{}`\n",
                    entry.code, entry.struct_name, entry.field, entry.file
                ));
            }
        }
    }
    if !report.errors.is_empty() {
        out.push_str("\nCould not lint:\n\n");
        for error in &report.errors {
            out.push_str(&format!(
                "- `{}`: {}\n",
                error.display,
                cell(&error.message)
            ));
        }
    }
    out.push('\n');
    out
}

/// How many finding diagrams one summary holds.
const MAX_DIAGRAMS: usize = 10;

/// A Mermaid wiring diagram for each denied finding that has one (BL001,
/// BL002), which GitHub renders in the summary.
fn diagrams(report: &Report) -> String {
    let mut out = String::new();
    let denied = report.active().filter(|f| f.level == Level::Deny);
    let mut drawn = 0;
    for finding in denied {
        let diagram = super::diagram::of_findings(report, std::iter::once(finding));
        if diagram.is_empty() {
            continue;
        }
        if drawn == MAX_DIAGRAMS {
            out.push_str(&format!(
                "\nThe first {MAX_DIAGRAMS} findings are drawn; `cargo budget-lint map --message-format mermaid` draws every budget.\n"
            ));
            break;
        }
        drawn += 1;
        out.push_str(&format!(
            "\n#### `{}` `{}::{}`\n\n```mermaid\n{}```\n",
            finding.lint.code,
            cell(&finding.subject.0),
            cell(&finding.subject.1),
            diagram.mermaid()
        ));
    }
    out
}

fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

/// Text for one table cell: no pipes or line breaks.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\r', '\n'], " ")
}
