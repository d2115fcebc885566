//! The loaded source files, with the line index every output format uses.

use std::ops::Range;
use std::path::PathBuf;

use crate::facts::CodeKind;

#[derive(Debug)]
pub struct SourceFile {
    pub path: PathBuf,
    /// The path shown to users: relative to the analysis root, with forward
    /// slashes, or absolute when the file lies outside the root.
    pub display: String,
    pub text: String,
    pub code: CodeKind,
    line_starts: Vec<usize>,
}

/// A 1-based line and column; the column counts Unicode code points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct LineColumn {
    pub line: usize,
    pub column: usize,
}

impl SourceFile {
    pub fn new(path: PathBuf, display: String, text: String, code: CodeKind) -> Self {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceFile {
            path,
            display,
            text,
            code,
            line_starts,
        }
    }

    pub fn line_index(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next - 1,
        }
    }

    pub fn line_range(&self, line_index: usize) -> Option<Range<usize>> {
        let start = *self.line_starts.get(line_index)?;
        let end = self
            .line_starts
            .get(line_index + 1)
            .copied()
            .unwrap_or(self.text.len());
        Some(start..end)
    }

    pub fn location(&self, offset: usize) -> LineColumn {
        let offset = offset.min(self.text.len());
        let line = self.line_index(offset);
        let start = self.line_starts[line];
        let prefix = self.text.get(start..offset).unwrap_or("");
        LineColumn {
            line: line + 1,
            column: prefix.chars().count() + 1,
        }
    }

    /// Like `location`, but the column counts UTF-16 code units, as SARIF
    /// does by default.
    pub fn location_utf16(&self, offset: usize) -> LineColumn {
        let offset = offset.min(self.text.len());
        let line = self.line_index(offset);
        let prefix = self.text.get(self.line_starts[line]..offset).unwrap_or("");
        LineColumn {
            line: line + 1,
            column: prefix.encode_utf16().count() + 1,
        }
    }

    /// The number of lines, counting the empty one after a final newline.
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// The text of the 1-based line, without its line ending.
    pub fn line_text(&self, line: usize) -> &str {
        self.line_range(line.saturating_sub(1))
            .and_then(|range| self.text.get(range))
            .unwrap_or("")
            .trim_end_matches(['\n', '\r'])
    }
}

#[derive(Debug, Default)]
pub struct SourceDb {
    pub files: Vec<SourceFile>,
}

impl SourceDb {
    pub fn get(&self, id: usize) -> &SourceFile {
        &self.files[id]
    }
}

impl<'a> codespan_reporting::files::Files<'a> for SourceDb {
    type FileId = usize;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<&'a str, codespan_reporting::files::Error> {
        self.files
            .get(id)
            .map(|f| f.display.as_str())
            .ok_or(codespan_reporting::files::Error::FileMissing)
    }

    fn source(&'a self, id: usize) -> Result<&'a str, codespan_reporting::files::Error> {
        self.files
            .get(id)
            .map(|f| f.text.as_str())
            .ok_or(codespan_reporting::files::Error::FileMissing)
    }

    fn line_index(
        &'a self,
        id: usize,
        offset: usize,
    ) -> Result<usize, codespan_reporting::files::Error> {
        let file = self
            .files
            .get(id)
            .ok_or(codespan_reporting::files::Error::FileMissing)?;
        Ok(file.line_index(offset))
    }

    fn line_range(
        &'a self,
        id: usize,
        line_index: usize,
    ) -> Result<Range<usize>, codespan_reporting::files::Error> {
        let file = self
            .files
            .get(id)
            .ok_or(codespan_reporting::files::Error::FileMissing)?;
        file.line_range(line_index)
            .ok_or(codespan_reporting::files::Error::LineTooLarge {
                given: line_index,
                max: file.line_starts.len() - 1,
            })
    }
}
