//! A suggestion as rustc shows one: where its code goes, and the lines of
//! the fixed file around its edits, `+` for a line it adds and `~` for one
//! it changes.

use crate::Report;
use crate::analysis::facts::FileId;
use crate::diagnostic::Suggestion;
use crate::fix::Edit;
use crate::input::source::LineColumn;

/// The edits of a suggestion in one file, as lines of the fixed file.
#[derive(Debug)]
pub struct Patch {
    pub file: FileId,
    /// Where the first edit starts in the file as it is.
    pub start: LineColumn,
    pub lines: Vec<PatchLine>,
}

#[derive(Debug)]
pub struct PatchLine {
    /// The 1-based line in the fixed file.
    pub number: usize,
    /// `+` added, `~` changed, ` ` unchanged between two edits.
    pub marker: char,
    pub text: String,
}

/// The suggestion's patches, one per file it edits, in the order of its
/// edits; none for a suggestion without a place.
pub fn patches(report: &Report, suggestion: &Suggestion) -> Vec<Patch> {
    let edits = crate::fix::edits_for(report, suggestion);
    let mut patches = Vec::new();
    let mut rest = edits.as_slice();
    while let Some((file, _)) = rest.first() {
        let count = rest.iter().take_while(|(f, _)| f == file).count();
        let in_file: Vec<Edit> = rest[..count].iter().map(|(_, e)| e.clone()).collect();
        patches.push(patch(report, *file, &in_file));
        rest = &rest[count..];
    }
    patches
}

fn patch(report: &Report, file: FileId, edits: &[Edit]) -> Patch {
    let source = report.db.get(file);
    let fixed = crate::fix::edited(source.text(), edits);
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(fixed.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let line_of = |offset: usize| match line_starts.binary_search(&offset) {
        Ok(line) => line,
        Err(next) => next - 1,
    };
    let mut marks: Vec<(usize, char)> = Vec::new();
    let mut shift: isize = 0;
    for edit in edits {
        let start = edit.range.start.saturating_add_signed(shift);
        let end = start + edit.text.len();
        shift += edit.text.len() as isize - edit.range.len() as isize;
        let whole_lines = edit.range.is_empty()
            && line_starts.binary_search(&start).is_ok()
            && edit.text.ends_with('\n');
        let (marker, last) = if whole_lines {
            ('+', line_of(end - 1))
        } else {
            ('~', line_of(end.saturating_sub(1).max(start)))
        };
        for line in line_of(start)..=last {
            match marks.iter_mut().find(|(l, _)| *l == line) {
                Some(mark) if mark.1 != '+' => mark.1 = marker,
                Some(_) => {}
                None => marks.push((line, marker)),
            }
        }
    }
    let first = marks.iter().map(|(l, _)| *l).min().unwrap_or(0);
    let last = marks.iter().map(|(l, _)| *l).max().unwrap_or(0);
    let lines = (first..=last)
        .map(|line| {
            let range =
                line_starts[line]..line_starts.get(line + 1).copied().unwrap_or(fixed.len());
            PatchLine {
                number: line + 1,
                marker: marks
                    .iter()
                    .find(|(l, _)| *l == line)
                    .map_or(' ', |(_, m)| *m),
                text: fixed[range].trim_end_matches(['\n', '\r']).to_string(),
            }
        })
        .collect();
    Patch {
        file,
        start: source.location(edits.first().map_or(0, |e| e.range.start)),
        lines,
    }
}

/// The patch as plain text, rustc's layout: `gutter` columns for line
/// numbers and `border` between them and the code.
pub fn plain(path: &str, patch: &Patch, gutter: usize, border: char) -> String {
    let pad = " ".repeat(gutter);
    let mut out = format!(
        "{pad}--> {path}:{}:{}\n{pad} {border}\n",
        patch.start.line, patch.start.column
    );
    for line in &patch.lines {
        out.push_str(&format!(
            "{:>gutter$} {} {}\n",
            line.number, line.marker, line.text
        ));
    }
    out.push_str(&format!("{pad} {border}\n"));
    out
}

/// The width of the widest line number.
pub fn gutter(patch: &Patch) -> usize {
    patch
        .lines
        .iter()
        .map(|l| l.number.to_string().len())
        .max()
        .unwrap_or(1)
}

/// Where a suggestion's code goes: the code it replaces, or the empty
/// span at the start of the line it is inserted before.
pub fn place(report: &Report, suggestion: &Suggestion) -> Option<crate::analysis::facts::Span> {
    if suggestion.replaces.is_some() {
        return suggestion.replaces;
    }
    let (file, edit) = crate::fix::edits_for(report, suggestion)
        .into_iter()
        .find(|(_, edit)| edit.range.is_empty())?;
    Some(crate::analysis::facts::Span {
        file,
        start: edit.range.start,
        end: edit.range.end,
    })
}
