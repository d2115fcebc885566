//! `--message-format github`: workflow commands that GitHub Actions turns
//! into annotations on the pull request, worst first. GitHub shows at most
//! 10 error and 10 warning annotations per step, so the rest are printed
//! as plain log lines.

use super::repo_path;
use crate::Report;
use crate::diagnostic::Finding;
use crate::registry::Level;

/// Annotations of one level that GitHub shows per step.
pub const PER_LEVEL: usize = 10;

/// One annotation, and the plain log line that stands in for it when
/// GitHub's limit is reached.
struct Entry {
    level: Level,
    command: String,
    plain: String,
}

pub fn render(report: &Report) -> String {
    let mut entries: Vec<Entry> = report
        .active()
        .map(|finding| Entry {
            level: finding.level,
            command: annotation(report, finding),
            plain: plain(report, finding),
        })
        .collect();
    for error in &report.errors {
        let mut properties = Vec::new();
        if let Some(file) = error.file {
            let line = report.db.get(file).location(error.offset).line;
            properties.push(format!("file={}", property(&repo_path(report, file))));
            properties.push(format!("line={line}"));
        }
        // A file that does not parse is a warning, one that cannot be read
        // an error, as in every other format.
        let (level, word, title, what) = match error.file {
            Some(_) => (
                Level::Warn,
                "warning",
                "budget-lint could not parse this file",
                "could not parse",
            ),
            None => (
                Level::Deny,
                "error",
                "budget-lint could not read this file",
                "could not lint",
            ),
        };
        properties.push(format!("title={}", property(title)));
        let message = format!("{what} `{}`: {}", error.display, error.message);
        entries.push(Entry {
            level,
            command: format!("::{word} {}::{}\n", properties.join(","), data(&message)),
            plain: format!("{word}: {message}\n"),
        });
    }
    for warning in &report.warnings {
        entries.push(Entry {
            level: Level::Warn,
            command: format!("::warning::{}\n", data(warning)),
            plain: format!("warning: {warning}\n"),
        });
    }
    entries.sort_by_key(|e| std::cmp::Reverse(e.level));
    let mut out = String::new();
    let mut hidden = Vec::new();
    let mut shown = 0;
    let mut level = None;
    for entry in entries {
        if level != Some(entry.level) {
            level = Some(entry.level);
            shown = 0;
        }
        if shown == PER_LEVEL {
            hidden.push(entry.plain);
            continue;
        }
        shown += 1;
        out.push_str(&entry.command);
    }
    if !hidden.is_empty() {
        out.push_str(&format!(
            "budget-lint: {} more without an annotation (GitHub shows {PER_LEVEL} per level and step):\n",
            hidden.len()
        ));
        out.extend(hidden);
    }
    if let Some(baseline) = &report.baseline
        && !baseline.absent.is_empty()
    {
        let count = baseline.absent.len();
        let message = format!(
            "{count} {} of the baseline `{}` no longer occur{}; `--write-baseline` drops them",
            if count == 1 { "entry" } else { "entries" },
            baseline.path,
            if count == 1 { "s" } else { "" },
        );
        out.push_str(&format!("::notice::{}\n", data(&message)));
    }
    out.push_str(&format!(
        "budget-lint: {} denied, {} warned\n",
        report.count(Level::Deny),
        report.count(Level::Warn)
    ));
    out
}

fn plain(report: &Report, finding: &Finding) -> String {
    let file = report.db.get(finding.primary.file);
    let start = file.location(finding.primary.start);
    format!(
        "{}:{}:{}: {}[{}]: {}\n",
        repo_path(report, finding.primary.file),
        start.line,
        start.column,
        severity(finding.level),
        finding.lint.code,
        finding.message
    )
}

fn severity(level: Level) -> &'static str {
    match level {
        Level::Deny => "error",
        _ => "warning",
    }
}

fn annotation(report: &Report, finding: &Finding) -> String {
    let file = report.db.get(finding.primary.file);
    let start = file.location(finding.primary.start);
    let end = file.location(finding.primary.end);
    let mut properties = vec![
        format!(
            "file={}",
            property(&repo_path(report, finding.primary.file))
        ),
        format!("line={}", start.line),
        format!("endLine={}", end.line),
    ];
    if start.line == end.line {
        properties.push(format!("col={}", start.column));
        properties.push(format!("endColumn={}", end.column));
    }
    properties.push(format!(
        "title={}",
        property(&format!("{} {}", finding.lint.code, finding.lint.name))
    ));
    format!(
        "::{} {}::{}\n",
        severity(finding.level),
        properties.join(","),
        data(&message(report, finding))
    )
}

/// The message with its evidence, notes and suggestion, one per line.
fn message(report: &Report, finding: &Finding) -> String {
    let mut lines = vec![finding.message.clone()];
    for related in &finding.related {
        let file = report.db.get(related.span.file);
        let line = file.location(related.span.start).line;
        lines.push(format!(
            "{}:{line}: {}",
            repo_path(report, related.span.file),
            related.message
        ));
    }
    lines.extend(finding.notes.iter().map(|n| format!("note: {n}")));
    if let Some(suggestion) = &finding.suggestion {
        let patches = super::patch::patches(report, suggestion);
        if patches.is_empty() {
            lines.push(format!("help: {}: {}", suggestion.message, suggestion.code));
        } else {
            lines.push(format!("help: {}", suggestion.message));
            for patch in &patches {
                let path = repo_path(report, patch.file);
                let block = super::patch::plain(&path, patch, super::patch::gutter(patch), '|');
                lines.push(block.trim_end().to_string());
            }
        }
    }
    lines.join("\n")
}

/// Escapes a workflow command's message.
pub fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow command's property value.
pub fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_follows_the_actions_toolkit() {
        assert_eq!(data("100%\r\ndone: a, b"), "100%25%0D%0Adone: a, b");
        assert_eq!(property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }
}
