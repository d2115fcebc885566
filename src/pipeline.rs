//! Reads and parses the discovered files in parallel and merges their facts
//! in a deterministic order.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::discover::{Discovery, Input, display_path};
use crate::facts::{CodeKind, FileFacts, ModDecl};
use crate::source::{SourceDb, SourceFile};
use crate::syntax;

/// syn recurses on nested expressions; the stack is only reserved.
const WORKER_STACK: usize = 64 * 1024 * 1024;

/// A file that could not be linted.
#[derive(Debug, Clone)]
pub struct FileError {
    pub display: String,
    /// The file in the source database when its text could be read.
    pub file: Option<usize>,
    pub offset: usize,
    pub message: String,
}

#[derive(Debug, Default)]
pub struct Parsed {
    pub db: SourceDb,
    /// Facts per file, indexed like `db.files`.
    pub facts: Vec<FileFacts>,
    pub errors: Vec<FileError>,
}

enum Outcome {
    Parsed(String, FileFacts),
    Unparsable(String, syntax::ParseError),
    Unreadable(String),
}

pub fn parse_all(discovery: &Discovery, threads: usize) -> Parsed {
    let mut parsed = Parsed::default();
    let mut seen: BTreeSet<PathBuf> = BTreeSet::new();
    let mut queue: Vec<Input> = discovery.inputs.clone();
    let mut test_modules: BTreeSet<PathBuf> = BTreeSet::new();
    let mut declared: HashMap<PathBuf, Vec<(PathBuf, CodeKind)>> = HashMap::new();
    while !queue.is_empty() {
        queue.retain(|input| seen.insert(input.path.clone()));
        let outcomes = run_batch(&queue, threads);
        let mut next = Vec::new();
        for (input, outcome) in queue.iter().zip(outcomes) {
            let display = display_path(&discovery.root, &input.path);
            match outcome {
                Outcome::Parsed(text, facts) => {
                    let children = module_files(&input.path, &facts.mod_decls);
                    for (child, code) in &children {
                        let code = if input.code == CodeKind::Test {
                            CodeKind::Test
                        } else {
                            *code
                        };
                        if !seen.contains(child) && child.is_file() {
                            next.push(Input {
                                path: child.clone(),
                                code,
                            });
                        }
                    }
                    declared.insert(input.path.clone(), children);
                    let mut facts = facts;
                    facts.assign_file(parsed.db.files.len());
                    parsed.db.files.push(SourceFile::new(
                        input.path.clone(),
                        display,
                        text,
                        input.code,
                    ));
                    parsed.facts.push(facts);
                }
                Outcome::Unparsable(text, error) => {
                    let id = parsed.db.files.len();
                    parsed.db.files.push(SourceFile::new(
                        input.path.clone(),
                        display.clone(),
                        text,
                        input.code,
                    ));
                    parsed.facts.push(FileFacts::default());
                    parsed.errors.push(FileError {
                        display,
                        file: Some(id),
                        offset: error.offset,
                        message: error.message,
                    });
                }
                Outcome::Unreadable(message) => parsed.errors.push(FileError {
                    display,
                    file: None,
                    offset: 0,
                    message,
                }),
            }
        }
        next.sort();
        next.dedup();
        queue = next;
    }
    // A file declared by a test-only `mod` is test code, and so are the
    // modules it declares in turn.
    let mut pending: Vec<PathBuf> = declared
        .values()
        .flatten()
        .filter(|(_, code)| *code == CodeKind::Test)
        .map(|(path, _)| path.clone())
        .collect();
    while let Some(path) = pending.pop() {
        if test_modules.insert(path.clone())
            && let Some(children) = declared.get(&path)
        {
            pending.extend(children.iter().map(|(child, _)| child.clone()));
        }
    }
    for (file, facts) in parsed.db.files.iter_mut().zip(parsed.facts.iter_mut()) {
        if file.code == CodeKind::Test || test_modules.contains(&file.path) {
            file.code = CodeKind::Test;
            mark_test(facts);
        }
    }
    parsed
        .errors
        .sort_by(|a, b| a.display.cmp(&b.display).then(a.offset.cmp(&b.offset)));
    parsed
}

fn mark_test(facts: &mut FileFacts) {
    for s in &mut facts.structs {
        s.code = CodeKind::Test;
    }
    for a in &mut facts.accesses {
        a.code = CodeKind::Test;
    }
    for c in &mut facts.comparisons {
        c.code = CodeKind::Test;
    }
    for c in &mut facts.calls {
        c.code = CodeKind::Test;
    }
}

/// Reads and parses a batch of files on worker threads with large stacks.
/// The outcomes come back in the order of `inputs`.
fn run_batch(inputs: &[Input], threads: usize) -> Vec<Outcome> {
    let next = AtomicUsize::new(0);
    let results: Mutex<BTreeMap<usize, Outcome>> = Mutex::new(BTreeMap::new());
    let workers = threads.clamp(1, inputs.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let spawned = std::thread::Builder::new()
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, || {
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(input) = inputs.get(index) else {
                            break;
                        };
                        let outcome = load_and_parse(input);
                        results
                            .lock()
                            .unwrap_or_else(|poisoned| poisoned.into_inner())
                            .insert(index, outcome);
                    }
                });
            if spawned.is_err() {
                break;
            }
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|p| p.into_inner());
    (0..inputs.len())
        .map(|i| {
            results.remove(&i).unwrap_or_else(|| {
                Outcome::Unreadable("no worker thread could be started".to_string())
            })
        })
        .collect()
}

fn load_and_parse(input: &Input) -> Outcome {
    let bytes = match std::fs::read(&input.path) {
        Ok(bytes) => bytes,
        Err(error) => return Outcome::Unreadable(format!("cannot read file: {error}")),
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            return Outcome::Unreadable(format!(
                "file is not valid UTF-8 (invalid byte at offset {})",
                error.utf8_error().valid_up_to()
            ));
        }
    };
    // The file id is assigned when the facts are merged.
    match syntax::extract(0, &text, input.code) {
        Ok(facts) => Outcome::Parsed(text, facts),
        Err(error) => Outcome::Unparsable(text, error),
    }
}

/// The files a module's `mod name;` declarations refer to.
fn module_files(path: &Path, decls: &[ModDecl]) -> Vec<(PathBuf, CodeKind)> {
    let Some(dir) = path.parent() else {
        return Vec::new();
    };
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let owns_dir = matches!(stem, "mod" | "lib" | "main" | "build");
    let child_dir = if owns_dir {
        dir.to_path_buf()
    } else {
        dir.join(stem)
    };
    decls
        .iter()
        .map(|decl| {
            let file = match &decl.path_attr {
                Some(explicit) => dir.join(explicit),
                None => {
                    let flat = child_dir.join(format!("{}.rs", decl.name));
                    if flat.is_file() {
                        flat
                    } else {
                        child_dir.join(&decl.name).join("mod.rs")
                    }
                }
            };
            let file = crate::discover::absolute(&file);
            (normalize(&file), decl.code)
        })
        .collect()
}

/// Resolves `.` and `..` without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}
