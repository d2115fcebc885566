//! `--message-format short`: one line per finding,
//! `path:line:col: error[BL001]: message`, for grep and problem matchers;
//! and a `help[BL001]` line at the place where a suggestion's code goes,
//! so that tools which comment on lines (reviewdog with
//! `-efm="%f:%l:%c: %m"`) show the fix where it belongs.

use crate::Report;
use crate::analysis::facts::Span;
use crate::registry::Level;

fn located(report: &Report, span: Span) -> String {
    let file = report.db.get(span.file);
    let start = file.location(span.start);
    format!("{}:{}:{}", file.display, start.line, start.column)
}

pub fn render(report: &Report) -> String {
    let mut out = String::new();
    for warning in &report.warnings {
        out.push_str(&format!("warning: {warning}\n"));
    }
    for error in &report.errors {
        match error.file {
            Some(file) => out.push_str(&format!(
                "{}: warning: could not parse `{}`: {}\n",
                located(
                    report,
                    Span {
                        file,
                        start: error.offset,
                        end: error.offset,
                    }
                ),
                error.display,
                error.message
            )),
            None => out.push_str(&format!(
                "error: could not lint `{}`: {}\n",
                error.display, error.message
            )),
        }
    }
    for finding in report.active() {
        let severity = match finding.level {
            Level::Deny => "error",
            Level::Warn => "warning",
            Level::Allow => "note",
        };
        out.push_str(&format!(
            "{}: {severity}[{}]: {}\n",
            located(report, finding.primary),
            finding.lint.code,
            finding.message
        ));
        let Some(suggestion) = &finding.suggestion else {
            continue;
        };
        if let Some(place) = super::patch::place(report, suggestion) {
            out.push_str(&format!(
                "{}: help[{}]: {}: `{}`\n",
                located(report, place),
                finding.lint.code,
                suggestion.message,
                suggestion.code.trim().replace('\n', " ")
            ));
        }
    }
    out
}
