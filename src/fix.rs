//! `--fix`: applies the machine-applicable suggestions (and with
//! `--unsafe-fixes` those that may be incorrect), re-parses every edited
//! file, and rolls back any file that no longer parses.

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
    /// Suggestions that may be incorrect, left for `--unsafe-fixes`.
    pub unsafe_skipped: usize,
}

/// One text edit: `text` replaces `range` (an insertion when it is empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub range: Range<usize>,
    pub text: String,
}

/// What `--fix` may do to a work tree that is not clean, as `cargo fix`
/// and `cargo clippy --fix` decide it.
#[derive(Debug, Clone, Copy, Default)]
pub struct VcsPolicy {
    /// Fix a tree with uncommitted changes, staged or not.
    pub allow_dirty: bool,
    /// Fix a tree whose uncommitted changes are all staged.
    pub allow_staged: bool,
    /// Fix files that no version control system keeps.
    pub allow_no_vcs: bool,
}

/// Refuses to fix a work tree where the fixes could lose work: one that no
/// version control keeps, or one with uncommitted changes, unless the
/// policy allows it.
pub fn check_version_control(root: &Path, policy: VcsPolicy) -> Result<(), String> {
    if policy.allow_no_vcs {
        return Ok(());
    }
    if !root.ancestors().any(|dir| dir.join(".git").exists()) {
        return Err(format!(
            "no VCS found for `{}` and `--fix` can potentially perform destructive changes; \
             if you'd like to suppress this error pass `--allow-no-vcs`",
            root.display()
        ));
    }
    if policy.allow_dirty {
        return Ok(());
    }
    let output = std::process::Command::new("git")
        .args(["status", "--porcelain=v1", "-z", "--untracked-files=all"])
        .current_dir(root)
        .output();
    let output = match output {
        Ok(output) => output,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Err(
                "`git` was not found on PATH, so `--fix` cannot tell whether the work tree has \
                 uncommitted changes; install git, or pass `--allow-dirty` to fix anyway"
                    .to_string(),
            );
        }
        Err(error) => {
            return Err(format!(
                "cannot run `git status` to look for uncommitted changes ({error}); \
                 pass `--allow-dirty` to fix anyway"
            ));
        }
    };
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let reason = stderr.lines().next().unwrap_or("no reason given").trim();
        return Err(format!(
            "`git status` failed in `{}` ({reason}); pass `--allow-dirty` to fix anyway",
            root.display()
        ));
    }
    let changes = uncommitted(&String::from_utf8_lossy(&output.stdout), policy);
    if changes.is_empty() {
        return Ok(());
    }
    let mut message = String::from(
        "the working directory has uncommitted changes, and `--fix` can potentially perform \
         destructive changes; if you'd like to suppress this error pass `--allow-dirty`, \
         `--allow-staged`, or commit the changes to these files:\n",
    );
    for (path, state) in changes {
        message.push_str(&format!("\n  * {path} ({state})"));
    }
    Err(message)
}

/// The changed files of `git status --porcelain=v1 -z` that the policy does
/// not allow, each with `dirty` or `staged`. A file whose changes are all
/// in the index is staged; one with changes in the work tree, or not
/// tracked at all, is dirty.
fn uncommitted(status: &str, policy: VcsPolicy) -> Vec<(String, &'static str)> {
    let mut changes = Vec::new();
    let mut entries = status.split('\0').filter(|e| !e.is_empty());
    while let Some(entry) = entries.next() {
        let (Some(code), Some(path)) = (entry.get(..2), entry.get(3..)) else {
            continue;
        };
        // A rename or copy is followed by the path it came from.
        if code.starts_with(['R', 'C']) {
            entries.next();
        }
        let staged = code.ends_with(' ');
        if staged && !policy.allow_staged {
            changes.push((path.to_string(), "staged"));
        } else if !staged {
            changes.push((path.to_string(), "dirty"));
        }
    }
    changes
}

/// Applies the suggestions `--fix` may apply: the machine-applicable ones,
/// and with `unsafe_fixes` those that may be incorrect too; never those
/// with placeholders. Every part of a suggestion is applied, or none.
pub fn apply(report: &Report, unsafe_fixes: bool) -> Outcome {
    let mut edits: BTreeMap<FileId, Vec<Edit>> = BTreeMap::new();
    let mut fixes: BTreeMap<FileId, usize> = BTreeMap::new();
    let mut outcome = Outcome::default();
    for suggestion in report.active().filter_map(|f| f.suggestion.as_ref()) {
        match suggestion.applicability {
            Applicability::MachineApplicable => {}
            Applicability::MaybeIncorrect if unsafe_fixes => {}
            Applicability::MaybeIncorrect => {
                outcome.unsafe_skipped += 1;
                continue;
            }
            Applicability::HasPlaceholders => continue,
        }
        let parts = edits_for(report, suggestion);
        let clashes = parts.iter().any(|(file, edit)| {
            edits
                .get(file)
                .is_some_and(|kept| kept.iter().any(|k| k != edit && overlap(k, edit)))
        });
        if clashes {
            continue;
        }
        let mut files: Vec<FileId> = parts.iter().map(|(file, _)| *file).collect();
        files.dedup();
        for file in files {
            *fixes.entry(file).or_default() += 1;
        }
        for (file, edit) in parts {
            let list = edits.entry(file).or_default();
            if !list.contains(&edit) {
                list.push(edit);
            }
        }
    }
    for (file, mut kept) in edits {
        let source = report.db.get(file);
        kept.sort_by_key(|e| (e.range.start, e.range.end));
        // Edits are offsets into the linted text: a file edited since
        // would be clobbered.
        if !source.unchanged() || !source.unchanged_on_disk() {
            outcome.rolled_back.push((
                source.display.clone(),
                "the file changed after it was linted, so it was left as it was".to_string(),
            ));
            continue;
        }
        let text = edited(source.text(), &kept);
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
            Ok(()) => {
                let count = fixes.get(&file).copied().unwrap_or(kept.len());
                outcome.fixed.push((source.display.clone(), count));
            }
            Err(error) => outcome.failed.push((
                source.display.clone(),
                format!("cannot write the fixed file ({error}), so it was left as it was"),
            )),
        }
    }
    outcome
}

/// Whether two edits cannot both be right: their ranges overlap, or both
/// insert at one place.
fn overlap(a: &Edit, b: &Edit) -> bool {
    let (first, second) = if (a.range.start, a.range.end) <= (b.range.start, b.range.end) {
        (a, b)
    } else {
        (b, a)
    };
    second.range.start < first.range.end || first.range.start == second.range.start
}

/// `text` with `edits` (sorted, not overlapping) applied.
pub fn edited(text: &str, edits: &[Edit]) -> String {
    let mut text = text.to_string();
    for edit in edits.iter().rev() {
        text.replace_range(edit.range.clone(), &edit.text);
    }
    text
}

/// The text edits a suggestion makes, each in the file it names, in
/// order; none for a suggestion without a place.
pub fn edits_for(report: &Report, suggestion: &Suggestion) -> Vec<(FileId, Edit)> {
    let main = if let Some(span) = suggestion.replaces {
        let edit = Edit {
            range: span.start..span.end,
            text: suggestion.code.clone(),
        };
        (span.file, edit)
    } else if let Some(anchor) = suggestion.anchor {
        let source = report.db.get(anchor.file);
        (
            anchor.file,
            insertion_after(source, anchor.start, anchor.end, &suggestion.code),
        )
    } else {
        return Vec::new();
    };
    let mut edits: Vec<(FileId, Edit)> = suggestion
        .parts
        .iter()
        .map(|part| {
            let edit = Edit {
                range: part.span.start..part.span.end,
                text: part.code.clone(),
            };
            (part.span.file, edit)
        })
        .collect();
    edits.push(main);
    edits.sort_by_key(|(file, edit)| (*file, edit.range.start, edit.range.end));
    edits
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
    fn staged_changes_pass_only_when_allowed_and_the_rest_is_dirty() {
        let status = "M  staged.rs\0 M dirty.rs\0MM both.rs\0?? new.rs\0R  renamed.rs\0old.rs\0";
        let strict = uncommitted(status, VcsPolicy::default());
        assert_eq!(
            strict,
            [
                ("staged.rs".to_string(), "staged"),
                ("dirty.rs".to_string(), "dirty"),
                ("both.rs".to_string(), "dirty"),
                ("new.rs".to_string(), "dirty"),
                ("renamed.rs".to_string(), "staged"),
            ]
        );
        let staged = VcsPolicy {
            allow_staged: true,
            ..VcsPolicy::default()
        };
        let names: Vec<String> = uncommitted(status, staged)
            .into_iter()
            .map(|(path, _)| path)
            .collect();
        assert_eq!(names, ["dirty.rs", "both.rs", "new.rs"]);
    }

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
