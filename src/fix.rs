//! `--fix`: applies the suggestions that have no placeholders, re-parses
//! every edited file, and rolls back any file that no longer parses.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use crate::Report;
use crate::analysis::facts::FileId;
use crate::diagnostic::{Applicability, Suggestion};
use crate::input::source::SourceFile;

/// What `--fix` did.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Each written file and how many fixes it got.
    pub fixed: Vec<(String, usize)>,
    /// Files left untouched, with the reason.
    pub rolled_back: Vec<(String, String)>,
    /// Files whose fixed text could not be written, with the error; each
    /// was left as it was.
    pub failed: Vec<(String, String)>,
}

/// One text edit: `text` replaces `range` (an insertion when it is empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub range: Range<usize>,
    pub text: String,
}

/// Refuses to fix a work tree with uncommitted changes unless allowed,
/// like `cargo clippy --fix`.
pub fn check_clean(root: &Path) -> Result<(), String> {
    let output = std::process::Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=no"])
        .current_dir(root)
        .output();
    let output = match output {
        Ok(output) if output.status.success() => output,
        _ => {
            return Err(format!(
                "`{}` is not in a git work tree, so `--fix` could lose work; pass `--allow-dirty` to fix anyway",
                root.display()
            ));
        }
    };
    let dirty = String::from_utf8_lossy(&output.stdout);
    if dirty.trim().is_empty() {
        return Ok(());
    }
    let files: Vec<&str> = dirty.lines().map(|l| l.get(3..).unwrap_or(l)).collect();
    Err(format!(
        "the work tree has uncommitted changes ({}); commit them or pass `--allow-dirty`",
        files.join(", ")
    ))
}

pub fn apply(report: &Report) -> Outcome {
    let mut edits: BTreeMap<FileId, Vec<Edit>> = BTreeMap::new();
    for suggestion in report.active().filter_map(|f| f.suggestion.as_ref()) {
        if suggestion.applicability == Applicability::HasPlaceholders {
            continue;
        }
        if let Some((file, edit)) = edit_for(report, suggestion) {
            let list = edits.entry(file).or_default();
            if !list.contains(&edit) {
                list.push(edit);
            }
        }
    }
    let mut outcome = Outcome::default();
    for (file, mut list) in edits {
        let source = report.db.get(file);
        list.sort_by_key(|e| (e.range.start, e.range.end));
        // Overlapping edits cannot both be right; keep the first.
        let mut kept: Vec<Edit> = Vec::new();
        for edit in list {
            let overlaps = kept.last().is_some_and(|last| {
                edit.range.start < last.range.end
                    || (edit.range.start == last.range.start && !edit.range.is_empty())
            });
            if !overlaps {
                kept.push(edit);
            }
        }
        // Edits are offsets into the linted text: a file edited since
        // would be clobbered.
        if !source.unchanged() || !source.unchanged_on_disk() {
            outcome.rolled_back.push((
                source.display.clone(),
                "the file changed after it was linted, so it was left as it was".to_string(),
            ));
            continue;
        }
        let mut text = source.text().to_string();
        for edit in kept.iter().rev() {
            text.replace_range(edit.range.clone(), &edit.text);
        }
        if let Err(error) = crate::analysis::syntax::extract(&text, source.code) {
            outcome.rolled_back.push((
                source.display.clone(),
                format!(
                    "the fixed file would not parse ({}), so it was left as it was",
                    error.message
                ),
            ));
            continue;
        }
        match crate::atomic::write(&source.path, text.as_bytes()) {
            Ok(()) => outcome.fixed.push((source.display.clone(), kept.len())),
            Err(error) => outcome.failed.push((
                source.display.clone(),
                format!("cannot write the fixed file ({error}), so it was left as it was"),
            )),
        }
    }
    outcome
}

/// The text edit a suggestion makes, in the file it names; `None` for a
/// suggestion without a place.
pub fn edit_for(report: &Report, suggestion: &Suggestion) -> Option<(FileId, Edit)> {
    if let Some(span) = suggestion.replaces {
        let edit = Edit {
            range: span.start..span.end,
            text: suggestion.code.clone(),
        };
        return Some((span.file, edit));
    }
    let anchor = suggestion.anchor?;
    let source = report.db.get(anchor.file);
    Some((
        anchor.file,
        insertion_after(source, anchor.start, anchor.end, &suggestion.code),
    ))
}

/// Inserts `code` on new lines after the line where `end` falls, indented
/// like the line where `start` falls, with the file's line endings.
fn insertion_after(source: &SourceFile, start: usize, end: usize, code: &str) -> Edit {
    let first_line = source.line_text(source.location(start).line);
    let indent: String = first_line
        .chars()
        .take_while(|c| c.is_whitespace())
        .collect();
    let newline = if source.text().contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let end_line = source.location(end).line;
    let at = source
        .line_range(end_line - 1)
        .map_or(source.text().len(), |range| range.end);
    let mut text = String::new();
    if at == source.text().len() && !source.text().ends_with('\n') {
        text.push_str(newline);
    }
    for line in code.lines() {
        if !line.is_empty() {
            text.push_str(&indent);
        }
        text.push_str(line);
        text.push_str(newline);
    }
    Edit {
        range: at..at,
        text,
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::analysis::facts::CodeKind;

    #[test]
    fn insertions_follow_the_anchor_line_and_its_indentation() {
        let source = SourceFile::new(
            PathBuf::from("x.rs"),
            "x.rs".into(),
            "fn f() {\r\n    let a = g();\r\n}\r\n".into(),
            CodeKind::Production,
        );
        let start = source.text().find("let").expect("let");
        let end = source.text().find(';').expect(";") + 1;
        let edit = insertion_after(&source, start, end, "if a {\n    h();\n}");
        let mut text = source.text().to_string();
        text.replace_range(edit.range, &edit.text);
        assert_eq!(
            text,
            "fn f() {\r\n    let a = g();\r\n    if a {\r\n        h();\r\n    }\r\n}\r\n"
        );
    }
}
