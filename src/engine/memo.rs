//! A run's outcome in the facts cache: what the loader gave (the files,
//! their facts, errors and warnings), with what it depends on, so that a
//! run over the same files with the same contents and options skips the
//! rounds of scanning and parsing.

use std::path::{Path, PathBuf};

use crate::analysis::facts::{CodeKind, FileFacts};
use crate::diagnostic::FileError;
use crate::input::source::{Fingerprint, SourceFile};

use super::Parsed;
use super::loader::Loader;

/// A file of the source database.
#[derive(serde::Serialize, serde::Deserialize)]
struct File {
    path: PathBuf,
    display: String,
    text: Fingerprint,
    code: CodeKind,
}

/// A run's outcome as the cache keeps it.
#[derive(serde::Deserialize)]
pub(super) struct Memo {
    /// Every file the run read, with its content hash (`None`: it could
    /// not be read).
    read: Vec<(PathBuf, Option<u128>)>,
    /// The paths `mod` declarations led the run to look for that were no
    /// files.
    absent: Vec<PathBuf>,
    files: Vec<File>,
    facts: Vec<FileFacts>,
    errors: Vec<FileError>,
    count: usize,
    warnings: Vec<String>,
}

/// [`Memo`] as it is written, borrowing the outcome (the same encoding).
#[derive(serde::Serialize)]
pub(super) struct MemoRef<'a> {
    read: &'a [(PathBuf, Option<u128>)],
    absent: &'a [PathBuf],
    files: Vec<File>,
    facts: &'a [FileFacts],
    errors: &'a [FileError],
    count: usize,
    warnings: &'a [String],
}

impl<'a> MemoRef<'a> {
    pub(super) fn new(
        parsed: &'a Parsed,
        read: &'a [(PathBuf, Option<u128>)],
        absent: &'a [PathBuf],
    ) -> MemoRef<'a> {
        MemoRef {
            read,
            absent,
            files: parsed
                .db
                .files
                .iter()
                .map(|f| File {
                    path: f.path.clone(),
                    display: f.display.clone(),
                    text: f.fingerprint(),
                    code: f.code,
                })
                .collect(),
            facts: &parsed.facts,
            errors: &parsed.errors,
            count: parsed.files,
            warnings: &parsed.warnings,
        }
    }
}

impl Memo {
    /// Whether the run's files are as they were: the discovered ones
    /// (`inputs`, whose contents are known) and those `mod` declarations
    /// led to, read again; and the paths that were no files still none.
    pub(super) fn holds(
        &self,
        inputs: &[(PathBuf, CodeKind)],
        contents: &[Option<u128>],
        loader: &Loader,
    ) -> bool {
        let known: rustc_hash::FxHashMap<&Path, Option<u128>> = inputs
            .iter()
            .map(|(path, _)| path.as_path())
            .zip(contents.iter().copied())
            .collect();
        let mut others: Vec<(&Path, Option<u128>)> = Vec::new();
        for (path, content) in &self.read {
            match known.get(path.as_path()) {
                Some(now) if now != content => return false,
                Some(_) => {}
                None => others.push((path, *content)),
            }
        }
        if self.absent.iter().any(|path| loader.exists(path)) {
            return false;
        }
        let paths: Vec<&Path> = others.iter().map(|(path, _)| *path).collect();
        let now = loader.read_contents(&paths);
        others.iter().zip(now).all(|((_, then), now)| *then == now)
    }

    pub(super) fn into_parsed(self, saving: Option<super::Saving>) -> Parsed {
        let mut parsed = Parsed {
            facts: self.facts,
            errors: self.errors,
            files: self.count,
            warnings: self.warnings,
            saving,
            ..Parsed::default()
        };
        parsed.db.files = self
            .files
            .into_iter()
            .map(|f| SourceFile::unloaded(f.path, f.display, f.text, f.code))
            .collect();
        parsed
    }
}
