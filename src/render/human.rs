//! rustc-like diagnostics rendered with codespan-reporting: a
//! `--> path:line:col` location line that rustc's problem matchers read,
//! suggestions shown where their code goes, colour when asked for, and
//! source lines trimmed to the terminal's width.

use std::io::Write;

use codespan_reporting::diagnostic::{Diagnostic, Label, Severity};
use codespan_reporting::term::termcolor::{Buffer, Color, ColorSpec, WriteColor};
use codespan_reporting::term::{self, Chars, Config, Styles, StylesWriter};

use super::patch;
use crate::Report;
use crate::analysis::facts::FileId;
use crate::diagnostic::FileError;
use crate::diagnostic::Finding;
use crate::registry::Level;

/// How to print: with ANSI colours or not, and the terminal's width in
/// columns when source lines should be trimmed to it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Style {
    pub color: bool,
    pub width: Option<usize>,
}

/// The narrowest width trimming keeps to: below it, lines are left whole.
const MIN_WIDTH: usize = 40;

fn severity(level: Level) -> Severity {
    match level {
        Level::Deny => Severity::Error,
        Level::Warn => Severity::Warning,
        Level::Allow => Severity::Note,
    }
}

fn finding_diagnostic(report: &Report, finding: &Finding) -> Diagnostic<FileId> {
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
    if let Some(suggestion) = &finding.suggestion
        && patch::patches(report, suggestion).is_empty()
    {
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

/// A file that does not parse is a warning: its items that parse alone
/// are linted, the rest of the run goes on, and the exit status does not
/// change. A file that cannot be read is an error, and the run exits 2
/// unless a finding is denied.
fn file_error_diagnostic(error: &FileError) -> Diagnostic<FileId> {
    let Some(file) = error.file else {
        return Diagnostic::error().with_message(format!(
            "could not lint `{}`: {}",
            error.display, error.message
        ));
    };
    Diagnostic::warning()
        .with_message(format!(
            "could not parse `{}`: {}",
            error.display, error.message
        ))
        .with_labels(vec![
            Label::primary(file, error.offset..error.offset).with_message("here"),
        ])
        .with_notes(vec![
            "note: the items of this file that parse on their own were linted, the rest was not"
                .to_string(),
        ])
}

/// rustc's colours: blue gutters and secondary labels.
fn styles() -> Styles {
    let blue = ColorSpec::new()
        .set_fg(Some(Color::Blue))
        .set_intense(true)
        .clone();
    let bold_blue = blue.clone().set_bold(true).clone();
    Styles {
        secondary_label: blue,
        line_number: bold_blue.clone(),
        source_border: bold_blue.clone(),
        note_bullet: bold_blue,
        ..Styles::default()
    }
}

/// Renders one diagnostic, and the help that shows where a suggestion's
/// code goes, into `buffer`.
fn emit(
    buffer: &mut Buffer,
    report: &Report,
    diagnostic: &Diagnostic<FileId>,
    finding: Option<&Finding>,
) -> std::io::Result<()> {
    let config = Config {
        chars: Chars {
            snippet_start: "-->".into(),
            ..Chars::box_drawing()
        },
        ..Config::default()
    };
    let styles = styles();
    let mut text = Buffer::ansi();
    let mut writer = StylesWriter::new(&mut text, &styles);
    if let Err(error) = term::emit_to_write_style(&mut writer, &config, &report.db, diagnostic) {
        writeln!(buffer, "error: cannot render a diagnostic: {error}")?;
        return Ok(());
    }
    let rendered = String::from_utf8_lossy(text.as_slice()).into_owned();
    let mut lines: Vec<&str> = rendered.lines().collect();
    // The blank line that ends the diagnostic comes after the help.
    if lines.last().is_some_and(|line| line.is_empty()) {
        lines.pop();
    }
    let mut located = false;
    for line in lines {
        match rustc_location(line, located) {
            Some(location) => {
                located = true;
                write_ansi(buffer, &location)?;
            }
            None => write_ansi(buffer, line)?,
        }
        writeln!(buffer)?;
    }
    if let Some(finding) = finding {
        help(buffer, report, diagnostic, finding)?;
    }
    writeln!(buffer)
}

/// A location line as rustc writes it: `  --> path:line:col` for the
/// first, `  ::: path:line:col` for the snippets of other files after it.
/// codespan indents them one column more. `None` for other lines.
fn rustc_location(line: &str, after_first: bool) -> Option<String> {
    let visible = strip_ansi(line);
    if !visible.trim_start().starts_with("--> ") || !visible.starts_with("  ") {
        return None;
    }
    let line = &line[1..];
    Some(if after_first {
        line.replacen("-->", ":::", 1)
    } else {
        line.to_string()
    })
}

/// Writes text that holds ANSI escapes into a buffer that may drop them.
fn write_ansi(buffer: &mut Buffer, text: &str) -> std::io::Result<()> {
    if buffer.supports_color() {
        return buffer.write_all(text.as_bytes());
    }
    buffer.write_all(strip_ansi(text).as_bytes())
}

/// The help of a suggestion with a place: rustc's `help:` followed by the
/// fixed lines of each file it edits.
fn help(
    buffer: &mut Buffer,
    report: &Report,
    diagnostic: &Diagnostic<FileId>,
    finding: &Finding,
) -> std::io::Result<()> {
    let Some(suggestion) = &finding.suggestion else {
        return Ok(());
    };
    let patches = patch::patches(report, suggestion);
    if patches.is_empty() {
        return Ok(());
    }
    let labelled = diagnostic
        .labels
        .iter()
        .map(|l| report.db.get(l.file_id).location(l.range.end).line)
        .max()
        .unwrap_or(1)
        .to_string()
        .len();
    let gutter = patches
        .iter()
        .map(patch::gutter)
        .max()
        .unwrap_or(1)
        .max(labelled);
    let styles = styles();
    buffer.set_color(&styles.header_help)?;
    write!(buffer, "help")?;
    buffer.set_color(&styles.header_message)?;
    write!(
        buffer,
        ": {} ({})",
        suggestion.message,
        suggestion_kind(suggestion.applicability)
    )?;
    buffer.reset()?;
    writeln!(buffer)?;
    let border = |buffer: &mut Buffer| -> std::io::Result<()> {
        write!(buffer, "{} ", " ".repeat(gutter))?;
        buffer.set_color(&styles.source_border)?;
        write!(buffer, "│")?;
        buffer.reset()?;
        writeln!(buffer)
    };
    for patch in &patches {
        let path = &report.db.get(patch.file).display;
        write!(buffer, "{}", " ".repeat(gutter))?;
        buffer.set_color(&styles.source_border)?;
        write!(buffer, "-->")?;
        buffer.reset()?;
        writeln!(
            buffer,
            " {path}:{}:{}",
            patch.start.line, patch.start.column
        )?;
        border(buffer)?;
        for line in &patch.lines {
            buffer.set_color(&styles.line_number)?;
            write!(buffer, "{:>gutter$} ", line.number)?;
            let marker = match line.marker {
                '+' => ColorSpec::new().set_fg(Some(Color::Green)).clone(),
                '~' => ColorSpec::new().set_fg(Some(Color::Yellow)).clone(),
                _ => styles.source_border.clone(),
            };
            buffer.set_color(&marker)?;
            write!(
                buffer,
                "{}",
                if line.marker == ' ' {
                    '│'
                } else {
                    line.marker
                }
            )?;
            buffer.reset()?;
            writeln!(buffer, " {}", line.text)?;
        }
        border(buffer)?;
    }
    Ok(())
}

fn suggestion_kind(applicability: crate::diagnostic::Applicability) -> &'static str {
    match applicability {
        crate::diagnostic::Applicability::MachineApplicable => "`--fix` applies it",
        crate::diagnostic::Applicability::MaybeIncorrect => {
            "it may be incorrect: `--fix --unsafe-fixes` applies it"
        }
        crate::diagnostic::Applicability::HasPlaceholders => "fill in the placeholders",
    }
}

/// The report's warnings and diagnostics, without the summary.
pub fn render(report: &Report, style: Style) -> String {
    let mut buffer = if style.color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    let mut write = || -> std::io::Result<()> {
        for warning in &report.warnings {
            let header = ColorSpec::new()
                .set_fg(Some(Color::Yellow))
                .set_bold(true)
                .set_intense(true)
                .clone();
            buffer.set_color(&header)?;
            write!(buffer, "warning")?;
            buffer.reset()?;
            writeln!(buffer, ": {warning}")?;
        }
        for error in &report.errors {
            emit(&mut buffer, report, &file_error_diagnostic(error), None)?;
        }
        for finding in report.active() {
            emit(
                &mut buffer,
                report,
                &finding_diagnostic(report, finding),
                Some(finding),
            )?;
        }
        Ok(())
    };
    if let Err(error) = write() {
        return format!("error: cannot render the diagnostics: {error}\n");
    }
    let text = String::from_utf8_lossy(buffer.as_slice()).into_owned();
    match style.width {
        Some(width) if width >= MIN_WIDTH => trim_to_width(&text, width),
        _ => text,
    }
}

/// One finding as plain text, as `render` prints it.
pub fn render_finding(report: &Report, finding: &Finding) -> String {
    let mut buffer = Buffer::no_color();
    let diagnostic = finding_diagnostic(report, finding);
    match emit(&mut buffer, report, &diagnostic, Some(finding)) {
        Ok(()) => String::from_utf8_lossy(buffer.as_slice()).into_owned(),
        Err(error) => format!("error: cannot render a diagnostic: {error}\n"),
    }
}

/// The closing lines: the counts, or that there was nothing to report,
/// and what the baseline did.
pub fn summary(report: &Report) -> String {
    let mut out = String::new();
    let active = report.active().count();
    let files = format!(
        "{} file{}",
        report.files,
        if report.files == 1 { "" } else { "s" }
    );
    if active > 0 {
        out.push_str(&format!(
            "budget-lint: {active} finding{} ({} denied, {} warned) in {files}\n",
            if active == 1 { "" } else { "s" },
            report.count(Level::Deny),
            report.count(Level::Warn),
        ));
    } else {
        out.push_str(&format!("budget-lint: no findings in {files}\n"));
    }
    let unparsed = report.errors.iter().filter(|e| e.file.is_some()).count();
    if unparsed > 0 {
        out.push_str(&format!(
            "budget-lint: {unparsed} file{} did not parse whole (see the warnings above)\n",
            if unparsed == 1 { "" } else { "s" }
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

/// Text without its ANSI escape sequences.
pub fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
            continue;
        }
        out.push(c);
    }
    out
}

/// The gutter of a snippet line (`15 │ `, `   │ `, `   · `): how many
/// columns it takes, or `None` for a line that is not part of a snippet.
fn snippet_gutter(line: &str) -> Option<usize> {
    let after_spaces = line.trim_start_matches(' ');
    let after_digits = after_spaces.trim_start_matches(|c: char| c.is_ascii_digit());
    let numbered = after_digits.len() < after_spaces.len();
    let border_on = if numbered {
        after_digits.strip_prefix(' ')?
    } else {
        after_digits
    };
    let mut rest = border_on.chars();
    let border = rest.next()?;
    let markers: &[char] = if numbered {
        &['│', '+', '~']
    } else {
        &['│', '·']
    };
    if !markers.contains(&border) || !matches!(rest.next(), Some(' ') | None) {
        return None;
    }
    Some(line.chars().count() - border_on.chars().count() + 2)
}

/// Trims snippet lines wider than `width` columns, rustc's way: the code
/// on a line and the labels under it lose the same columns on the left
/// when the first label starts far right, and the code loses the end of
/// what is still too wide, each cut marked `...`. Other lines, and the
/// words of labels, wrap as they are.
fn trim_to_width(text: &str, width: usize) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let visible: Vec<String> = lines.iter().map(|l| strip_ansi(l)).collect();
    let mut out = String::with_capacity(text.len());
    let mut index = 0;
    while index < lines.len() {
        let Some(gutter) = snippet_gutter(visible[index].trim_end_matches('\n')) else {
            out.push_str(lines[index]);
            index += 1;
            continue;
        };
        // A source line and the label lines under it.
        let mut end = index + 1;
        while end < lines.len()
            && snippet_gutter(visible[end].trim_end_matches('\n')).is_some()
            && visible[end].trim_start().starts_with(['│', '·'])
        {
            end += 1;
        }
        let group = &visible[index..end];
        let widest = group.iter().map(|l| l.trim_end().chars().count()).max();
        if widest.is_none_or(|w| w <= width) {
            lines[index..end].iter().for_each(|l| out.push_str(l));
            index = end;
            continue;
        }
        let first_label = group[1..]
            .iter()
            .filter_map(|l| {
                l.chars()
                    .skip(gutter)
                    .position(|c| !c.is_whitespace() && c != '│')
            })
            .min();
        let room = width.saturating_sub(gutter);
        let cut = match first_label {
            Some(column) if column + 12 > room => column.saturating_sub(8),
            _ => 0,
        };
        // The code is cut to the width; the labels keep their words.
        out.push_str(&trim_line(lines[index], gutter, cut, width, "..."));
        for line in &lines[index + 1..end] {
            out.push_str(&trim_line(line, gutter, cut, usize::MAX, "   "));
        }
        index = end;
    }
    out
}

/// One line with the visible columns `gutter..gutter + cut` replaced by
/// `mark` (three columns) and cut to `width` visible columns, ending in
/// `...` when it was; ANSI escapes are kept and count for nothing.
fn trim_line(line: &str, gutter: usize, cut: usize, width: usize, mark: &str) -> String {
    let body = line.trim_end_matches('\n');
    let total = strip_ansi(body).trim_end().chars().count();
    let mut out = String::with_capacity(body.len() + 8);
    let mut column = 0;
    let mut shown = 0;
    let mut escaped = false;
    let mut chars = body.chars();
    let mut ended = false;
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            escaped = true;
            out.push(c);
            for c in chars.by_ref() {
                out.push(c);
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
            continue;
        }
        let this = column;
        column += 1;
        if ended {
            continue;
        }
        if cut > 0 && (gutter..gutter + cut).contains(&this) {
            if this == gutter && total > gutter {
                out.push_str(mark);
                shown += 3;
            }
            continue;
        }
        if shown + (total - this) > width && shown + 3 >= width {
            out.push_str("...");
            ended = true;
            continue;
        }
        out.push(c);
        shown += 1;
    }
    if escaped {
        out.push_str("\x1b[0m");
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippet_lines_are_told_from_the_rest() {
        assert_eq!(snippet_gutter("15 │     pub cost_used: f64,"), Some(5));
        assert_eq!(snippet_gutter("   │         ^^^^"), Some(5));
        assert_eq!(snippet_gutter("   ·"), Some(5));
        assert_eq!(snippet_gutter("64 +     x += y;"), Some(5));
        assert_eq!(snippet_gutter("   = note: x"), None);
        assert_eq!(snippet_gutter("  --> src/a.rs:1:1"), None);
        assert_eq!(snippet_gutter("error[BL001]: x"), None);
    }

    #[test]
    fn long_lines_lose_their_left_and_right_but_keep_the_label() {
        let code = format!("{}target_used >= cap {}", "x".repeat(120), "y".repeat(120));
        let label = format!("{}^^^^^^^^^^^ here", " ".repeat(120));
        let text = format!("error: e\n   │\n15 │ {code}\n   │ {label}\n   = note: n\n");
        let trimmed = trim_to_width(&text, 60);
        let lines: Vec<&str> = trimmed.lines().collect();
        assert!(
            lines[2].starts_with("15 │ ...") && lines[2].ends_with("..."),
            "{}",
            lines[2]
        );
        assert!(lines[2].contains("target_used"), "{}", lines[2]);
        assert_eq!(lines[2].chars().count(), 60, "{trimmed}");
        assert!(lines[3].ends_with("^^^^^^^^^^^ here"), "{}", lines[3]);
        let caret = lines[3].find('^').expect("caret");
        assert_eq!(lines[2][caret..].get(..11), Some("target_used"));
        assert_eq!(lines[4], "   = note: n");
    }

    #[test]
    fn escapes_count_for_nothing_when_trimming() {
        let line = format!("\x1b[34m15 │\x1b[0m {}\n", "z".repeat(100));
        let trimmed = trim_line(&line, 5, 0, 50, "...");
        assert_eq!(strip_ansi(&trimmed).trim_end().chars().count(), 50);
        assert!(trimmed.starts_with("\x1b[34m15 │\x1b[0m "));
    }
}
