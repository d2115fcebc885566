//! The source files, with the line index every output format uses. A file
//! that was parsed is read again only when an output needs its text: most
//! files never are, and their text is not kept.

use std::hash::Hasher;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::OnceLock;

use crate::analysis::facts::{CodeKind, FileId};

#[derive(Debug)]
pub struct SourceFile {
    pub path: PathBuf,
    /// The path shown to users: relative to the analysis root, with forward
    /// slashes, or absolute when the file lies outside the root.
    pub display: String,
    pub code: CodeKind,
    /// What the text was when it was linted: its length and digest.
    linted: Fingerprint,
    loaded: OnceLock<Loaded>,
}

#[derive(Debug)]
struct Loaded {
    text: String,
    line_starts: Vec<usize>,
    /// The text is the linted one, not blanks standing in for it.
    current: bool,
}

/// The length and a digest of a file's text: enough to tell that a file
/// read again is the file that was linted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Fingerprint {
    len: usize,
    digest: u64,
}

impl Fingerprint {
    pub fn of(text: &str) -> Fingerprint {
        let mut hasher = rustc_hash::FxHasher::default();
        hasher.write(text.as_bytes());
        Fingerprint {
            len: text.len(),
            digest: hasher.finish(),
        }
    }
}

/// A 1-based line and column; the column counts Unicode code points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct LineColumn {
    pub line: usize,
    pub column: usize,
}

impl Loaded {
    fn new(text: String, current: bool) -> Loaded {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Loaded {
            text,
            line_starts,
            current,
        }
    }
}

impl SourceFile {
    pub fn new(path: PathBuf, display: String, text: String, code: CodeKind) -> Self {
        let linted = Fingerprint::of(&text);
        SourceFile {
            path,
            display,
            code,
            linted,
            loaded: OnceLock::from(Loaded::new(text, true)),
        }
    }

    /// A file whose text is read from `path` when first needed.
    pub fn unloaded(path: PathBuf, display: String, linted: Fingerprint, code: CodeKind) -> Self {
        SourceFile {
            path,
            display,
            code,
            linted,
            loaded: OnceLock::new(),
        }
    }

    /// What the text was when it was linted.
    pub fn fingerprint(&self) -> Fingerprint {
        self.linted
    }

    /// The text that was linted. A file that changed or vanished since
    /// reads as blanks of the same length, so that every offset the
    /// analysis recorded stays valid.
    pub fn text(&self) -> &str {
        &self.loaded().text
    }

    /// Whether [`SourceFile::text`] is the file as it was linted: false
    /// when it changed or vanished before it was read again.
    pub fn unchanged(&self) -> bool {
        self.loaded().current
    }

    /// Whether the file on disk is, now, the file that was linted.
    pub fn unchanged_on_disk(&self) -> bool {
        self.read_linted().is_some()
    }

    fn read_linted(&self) -> Option<String> {
        std::fs::read(&self.path)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .filter(|text| Fingerprint::of(text) == self.linted)
    }

    fn loaded(&self) -> &Loaded {
        self.loaded.get_or_init(|| match self.read_linted() {
            Some(text) => Loaded::new(text, true),
            None => Loaded::new(" ".repeat(self.linted.len), false),
        })
    }

    pub fn line_index(&self, offset: usize) -> usize {
        match self.loaded().line_starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next - 1,
        }
    }

    pub fn line_range(&self, line_index: usize) -> Option<Range<usize>> {
        let Loaded {
            text, line_starts, ..
        } = self.loaded();
        let start = *line_starts.get(line_index)?;
        let end = line_starts
            .get(line_index + 1)
            .copied()
            .unwrap_or(text.len());
        Some(start..end)
    }

    pub fn location(&self, offset: usize) -> LineColumn {
        let (line, prefix) = self.line_prefix(offset);
        LineColumn {
            line: line + 1,
            column: prefix.chars().count() + 1,
        }
    }

    /// Like `location`, but the column counts UTF-16 code units, as SARIF
    /// does by default.
    pub fn location_utf16(&self, offset: usize) -> LineColumn {
        let (line, prefix) = self.line_prefix(offset);
        LineColumn {
            line: line + 1,
            column: prefix.encode_utf16().count() + 1,
        }
    }

    /// The 0-based line of `offset` (clamped to the text) and the text of
    /// that line before it.
    fn line_prefix(&self, offset: usize) -> (usize, &str) {
        let Loaded {
            text, line_starts, ..
        } = self.loaded();
        let offset = offset.min(text.len());
        let line = self.line_index(offset);
        (line, text.get(line_starts[line]..offset).unwrap_or(""))
    }

    /// The number of lines, counting the empty one after a final newline.
    pub fn line_count(&self) -> usize {
        self.loaded().line_starts.len()
    }

    /// The text of the 1-based line, without its line ending.
    pub fn line_text(&self, line: usize) -> &str {
        self.line_range(line.saturating_sub(1))
            .and_then(|range| self.text().get(range))
            .unwrap_or("")
            .trim_end_matches(['\n', '\r'])
    }
}

#[derive(Debug, Default)]
pub struct SourceDb {
    pub files: Vec<SourceFile>,
}

impl SourceDb {
    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.index()]
    }

    /// The id the next file added gets.
    pub fn next_id(&self) -> FileId {
        FileId::new(self.files.len())
    }
}

impl<'a> codespan_reporting::files::Files<'a> for SourceDb {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, codespan_reporting::files::Error> {
        self.files
            .get(id.index())
            .map(|f| f.display.as_str())
            .ok_or(codespan_reporting::files::Error::FileMissing)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, codespan_reporting::files::Error> {
        self.files
            .get(id.index())
            .map(SourceFile::text)
            .ok_or(codespan_reporting::files::Error::FileMissing)
    }

    fn line_index(
        &'a self,
        id: FileId,
        offset: usize,
    ) -> Result<usize, codespan_reporting::files::Error> {
        let file = self
            .files
            .get(id.index())
            .ok_or(codespan_reporting::files::Error::FileMissing)?;
        Ok(file.line_index(offset))
    }

    fn line_range(
        &'a self,
        id: FileId,
        line_index: usize,
    ) -> Result<Range<usize>, codespan_reporting::files::Error> {
        let file = self
            .files
            .get(id.index())
            .ok_or(codespan_reporting::files::Error::FileMissing)?;
        file.line_range(line_index)
            .ok_or(codespan_reporting::files::Error::LineTooLarge {
                given: line_index,
                max: file.line_count() - 1,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unloaded(path: PathBuf, linted: &str) -> SourceFile {
        SourceFile::unloaded(
            path,
            "lib.rs".to_string(),
            Fingerprint::of(linted),
            CodeKind::Production,
        )
    }

    #[test]
    fn a_file_is_read_again_when_its_text_is_needed() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("lib.rs");
        let text = "fn a() {}\nfn é() {}\n";
        std::fs::write(&path, text).expect("write");
        let file = unloaded(path, text);
        assert_eq!(file.text(), text);
        assert!(file.unchanged());
        assert_eq!(file.location(13).line, 2);
        assert_eq!(file.line_text(2), "fn é() {}");
    }

    #[test]
    fn a_file_changed_since_it_was_linted_reads_as_blanks() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("lib.rs");
        let linted = "fn a() {}\nfn b() {}\n";
        std::fs::write(&path, "fn changed() {}\n").expect("write");
        let file = unloaded(path.clone(), linted);
        assert!(!file.unchanged());
        assert_eq!(file.text(), " ".repeat(linted.len()));
        // Offsets the analysis recorded stay valid.
        assert_eq!(file.location(15).line, 1);
        assert!(!file.unchanged_on_disk());
        std::fs::write(&path, linted).expect("write");
        assert!(file.unchanged_on_disk());
        let vanished = unloaded(dir.path().join("gone.rs"), linted);
        assert!(!vanished.unchanged());
        assert_eq!(vanished.text().len(), linted.len());
    }
}
