//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn fixture(name: &str) -> PathBuf {
    repo().join("fixtures").join(name)
}

pub fn fixtures() -> Vec<PathBuf> {
    crates_in(&repo().join("fixtures"))
}

/// The crates (directories with a `Cargo.toml`) right under `dir`, sorted.
pub fn crates_in(dir: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the directory exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// The lines of a crate's Rust files that carry `marker` (`//~` in a
/// fixture, `//@` in a blind case): the file relative to the crate, the
/// 1-based line, and the text after the marker.
pub fn marked_lines(dir: &Path, marker: &str) -> Vec<(String, usize, String)> {
    let mut marked = Vec::new();
    for entry in walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .flatten()
    {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "rs")
            || path.components().any(|c| c.as_os_str() == "target")
        {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("a crate file is UTF-8");
        let relative = path
            .strip_prefix(dir)
            .expect("inside the crate")
            .to_string_lossy()
            .replace('\\', "/");
        for (index, line) in text.lines().enumerate() {
            if let Some((_, tail)) = line.split_once(marker) {
                marked.push((relative.clone(), index + 1, tail.to_string()));
            }
        }
    }
    marked
}

/// The fixtures to lint: all of them, or those whose directory name holds
/// the text of the `FIXTURE` environment variable (`FIXTURE=ivy cargo test
/// --test fixtures`).
pub fn selected_fixtures() -> Vec<PathBuf> {
    let wanted = std::env::var("FIXTURE").unwrap_or_default();
    fixtures()
        .into_iter()
        .filter(|dir| {
            dir.file_name()
                .is_some_and(|name| name.to_string_lossy().contains(&wanted))
        })
        .collect()
}

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the built binary with `args` in `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Run {
    run_with_env(dir, args, &[])
}

/// Runs the built binary with `args` in `dir` and extra environment
/// variables. A job summary file of the CI running the tests is never
/// inherited.
pub fn run_with_env(dir: &Path, args: &[&str], env: &[(&str, &Path)]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_cargo-budget-lint"))
        .args(args)
        .current_dir(dir)
        .env_remove("GITHUB_STEP_SUMMARY")
        .envs(env.iter().copied())
        .output()
        .expect("the binary runs");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

pub fn run(args: &[&str]) -> Run {
    run_in(&repo(), args)
}

pub fn manifest(name: &str) -> String {
    fixture(name).join("Cargo.toml").display().to_string()
}

/// Compares `actual` with the reviewed snapshot `tests/snapshots/NAME`;
/// `BLESS=1` rewrites the snapshot instead.
pub fn assert_snapshot(name: &str, actual: &str) {
    let path = repo().join("tests/snapshots").join(name);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, actual).expect("snapshot written");
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{name} exists; run with BLESS=1 to create it"));
    assert_eq!(
        actual, expected,
        "{name} changed; review and rerun with BLESS=1"
    );
}

/// Copies a directory tree.
pub fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from).into_iter().flatten() {
        let target = to.join(entry.path().strip_prefix(from).expect("inside"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("mkdir");
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// A copy of a fixture's sources in a fresh directory, without its
/// manifest, to lint as a path.
pub fn scratch_copy(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_dir(&fixture(name).join("src"), &dir.path().join("src"));
    dir
}
