//! Finds the files to lint: the members of a cargo workspace, or the paths
//! given on the command line.

use std::path::{Component, Path, PathBuf};

use super::package_spec::Spec;
use crate::analysis::facts::CodeKind;

/// A file to lint and how the loader classifies it before parsing.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Input {
    pub path: PathBuf,
    pub code: CodeKind,
}

#[derive(Debug, Default)]
pub struct Discovery {
    /// The directory that displayed paths are relative to.
    pub root: PathBuf,
    pub inputs: Vec<Input>,
    /// The manifests whose `metadata.budget-lint` tables configure the run.
    pub manifests: Vec<PathBuf>,
    /// The directories, symlinks resolved, that hold every file the run may
    /// read: the workspace root, or the paths given.
    pub roots: Vec<PathBuf>,
    pub warnings: Vec<String>,
    /// The selected packages, as cargo describes them; none without cargo
    /// metadata.
    pub packages: Vec<Package>,
    /// The workspace's target directory, as cargo metadata tells it.
    pub target_directory: Option<PathBuf>,
}

/// A package as cargo's messages name it.
#[derive(Debug, Clone)]
pub struct Package {
    /// Cargo's package id.
    pub id: String,
    pub manifest_path: PathBuf,
    /// Each target's source file and its description, as `cargo metadata`
    /// gives it.
    pub targets: Vec<(PathBuf, serde_json::Value)>,
}

#[derive(Debug, Clone, Default)]
pub struct Selection {
    pub manifest_path: Option<PathBuf>,
    /// Members to lint, as `-p` specs: names, `name@version`, package
    /// ids or globs. Every member when empty.
    pub packages: Vec<String>,
    /// Members to leave out of the whole workspace, as specs.
    pub exclude: Vec<String>,
    pub paths: Vec<PathBuf>,
    /// Also lint the files that `.gitignore`, `.ignore` and git's exclude
    /// file leave out, and hidden files.
    pub include_ignored: bool,
}

const TEST_DIRS: &[&str] = &["tests", "benches", "examples"];

/// The files `selection` asks for, found on up to `threads` threads.
pub fn discover(selection: &Selection, threads: usize) -> Result<Discovery, String> {
    let discovery = discover_selected(selection, threads)?;
    if discovery.inputs.is_empty() {
        let place = if selection.paths.is_empty() {
            format!("the selected packages under `{}`", discovery.root.display())
        } else {
            selection
                .paths
                .iter()
                .map(|p| format!("`{}`", p.display()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(format!("no Rust file to lint in {place}"));
    }
    Ok(discovery)
}

fn discover_selected(selection: &Selection, threads: usize) -> Result<Discovery, String> {
    let walk = Walk {
        threads,
        include_ignored: selection.include_ignored,
    };
    if !selection.paths.is_empty() {
        return discover_paths(&selection.paths, walk);
    }
    let manifest = match &selection.manifest_path {
        Some(path) => {
            // Cargo's own words for both.
            if path.file_name().is_none_or(|name| name != "Cargo.toml") || path.is_dir() {
                return Err("the manifest-path must be a path to a Cargo.toml file".to_string());
            }
            if !path.is_file() {
                return Err(format!("manifest path `{}` does not exist", path.display()));
            }
            path.clone()
        }
        None => find_manifest()?,
    };
    let manifest = absolute(&manifest);
    let specs = |texts: &[String]| -> Result<Vec<Spec>, String> {
        texts.iter().map(|text| Spec::parse(text)).collect()
    };
    let (packages, exclude) = (specs(&selection.packages)?, specs(&selection.exclude)?);
    match cargo_members(&manifest, &packages, &exclude, walk) {
        Ok(discovery) => Ok(discovery),
        Err(MetadataError::Unmatched(message)) => Err(message),
        Err(MetadataError::Cargo(reason)) => {
            let dir = manifest.parent().unwrap_or(Path::new(".")).to_path_buf();
            let mut discovery = Discovery {
                root: dir.clone(),
                roots: vec![resolved(&dir)],
                ..Discovery::default()
            };
            discovery.manifests.push(manifest.clone());
            discovery.warnings.push(format!(
                "cargo metadata failed ({reason}); linting every .rs file under {}",
                dir.display()
            ));
            walk_package(&dir, &mut discovery.inputs, false, walk);
            discovery.inputs.sort();
            discovery.inputs.dedup_by(|a, b| a.path == b.path);
            Ok(discovery)
        }
    }
}

fn find_manifest() -> Result<PathBuf, String> {
    let cwd =
        std::env::current_dir().map_err(|e| format!("cannot read the current directory: {e}"))?;
    cwd.ancestors()
        .map(|dir| dir.join("Cargo.toml"))
        .find(|candidate| candidate.is_file())
        .ok_or_else(|| {
            format!(
                "could not find `Cargo.toml` in `{}` or any parent directory",
                cwd.display()
            )
        })
}

enum MetadataError {
    Cargo(String),
    /// A `-p` spec that names no member, in cargo's words.
    Unmatched(String),
}

/// How the tree is walked.
#[derive(Debug, Clone, Copy)]
struct Walk {
    threads: usize,
    include_ignored: bool,
}

/// Runs `cargo metadata --no-deps --offline` so that nothing in the linted
/// tree can choose the program: with the cargo that cargo handed this
/// subcommand (`$CARGO`) when there is one, otherwise with `cargo` from
/// `PATH`, and always from an empty temporary directory, where no
/// `rust-toolchain.toml` or `.cargo/config.toml` of the tree applies (rustup
/// and cargo look for them from the current directory up).
/// `RUSTUP_TOOLCHAIN`, when set, pins the toolchain as usual.
fn metadata(manifest: &Path) -> Result<cargo_metadata::Metadata, String> {
    let outside = tempfile::tempdir()
        .map_err(|error| format!("cannot create a directory to run cargo in: {error}"))?;
    let mut command = cargo_metadata::MetadataCommand::new();
    if let Some(cargo) = std::env::var_os("CARGO").filter(|c| Path::new(c).is_absolute()) {
        command.cargo_path(cargo);
    } else {
        command.cargo_path("cargo");
    }
    command
        .manifest_path(manifest)
        .current_dir(outside.path())
        .no_deps()
        .other_options(vec!["--offline".to_string()])
        .exec()
        .map_err(|e| first_line(&e.to_string()))
}

fn cargo_members(
    manifest: &Path,
    packages: &[Spec],
    exclude: &[Spec],
    walk: Walk,
) -> Result<Discovery, MetadataError> {
    let metadata = metadata(manifest).map_err(MetadataError::Cargo)?;
    let members = metadata.workspace_packages();
    let root = metadata.workspace_root.clone().into_std_path_buf();
    let unmatched = |specs: &[Spec]| -> Vec<String> {
        specs
            .iter()
            .filter(|spec| !members.iter().any(|p| spec.matches(p)))
            .map(|spec| format!("`{}`", spec.text()))
            .collect()
    };
    let (names, globs): (Vec<&Spec>, Vec<&Spec>) = packages.iter().partition(|s| !s.is_glob());
    if let Some(name) = names
        .iter()
        .find(|spec| !members.iter().any(|p| spec.matches(p)))
    {
        return Err(MetadataError::Unmatched(format!(
            "package ID specification `{}` did not match any packages in the workspace at `{}`",
            name.text(),
            root.display()
        )));
    }
    let missing_globs: Vec<String> = globs
        .iter()
        .filter(|spec| !members.iter().any(|p| spec.matches(p)))
        .map(|spec| format!("`{}`", spec.text()))
        .collect();
    if !missing_globs.is_empty() {
        return Err(MetadataError::Unmatched(format!(
            "package pattern(s) {} not found in the workspace at `{}`",
            missing_globs.join(", "),
            root.display()
        )));
    }
    let mut discovery = Discovery {
        roots: vec![resolved(&root)],
        root,
        target_directory: Some(metadata.target_directory.clone().into_std_path_buf()),
        ..Discovery::default()
    };
    let unmatched_excludes = unmatched(exclude);
    if !unmatched_excludes.is_empty() {
        discovery.warnings.push(format!(
            "excluded package(s) {} not found in the workspace",
            unmatched_excludes.join(", ")
        ));
    }
    discovery.manifests.push(manifest.to_path_buf());
    let root_manifest = discovery.root.join("Cargo.toml");
    if root_manifest != manifest && root_manifest.is_file() {
        discovery.manifests.push(root_manifest);
    }
    for package in metadata.workspace_packages() {
        let selected = packages.is_empty() || packages.iter().any(|spec| spec.matches(package));
        if !selected || exclude.iter().any(|spec| spec.matches(package)) {
            continue;
        }
        let package_manifest = package.manifest_path.clone().into_std_path_buf();
        if !discovery.manifests.contains(&package_manifest) {
            discovery.manifests.push(package_manifest.clone());
        }
        discovery.packages.push(Package {
            id: package.id.repr.clone(),
            manifest_path: package_manifest,
            targets: package
                .targets
                .iter()
                .filter_map(|target| {
                    let description = serde_json::to_value(target).ok()?;
                    Some((target.src_path.clone().into_std_path_buf(), description))
                })
                .collect(),
        });
        let dir = package
            .manifest_path
            .parent()
            .map(|p| p.to_path_buf().into_std_path_buf())
            .unwrap_or_default();
        let resolved_dir = resolved(&dir);
        if !discovery
            .roots
            .iter()
            .any(|root| resolved_dir.starts_with(root))
        {
            discovery.roots.push(resolved_dir);
        }
        walk_package(&dir, &mut discovery.inputs, true, walk);
        for target in &package.targets {
            let test_target = target.kind.iter().any(|kind| {
                matches!(
                    kind,
                    cargo_metadata::TargetKind::Test
                        | cargo_metadata::TargetKind::Bench
                        | cargo_metadata::TargetKind::Example
                )
            });
            let code = if test_target {
                CodeKind::Test
            } else {
                CodeKind::Production
            };
            let path = target.src_path.clone().into_std_path_buf();
            if path.is_file() {
                discovery.inputs.push(Input { path, code });
            }
        }
    }
    discovery.inputs.sort();
    discovery.inputs.dedup_by(|a, b| a.path == b.path);
    Ok(discovery)
}

fn discover_paths(paths: &[PathBuf], walk: Walk) -> Result<Discovery, String> {
    let root =
        std::env::current_dir().map_err(|e| format!("cannot read the current directory: {e}"))?;
    let mut discovery = Discovery {
        root,
        ..Discovery::default()
    };
    for path in paths {
        if path.is_file() {
            // A file named on the command line is read wherever it leads.
            let file = absolute(path);
            if let Some(dir) = file.parent() {
                discovery.roots.push(resolved(dir));
            }
            discovery.roots.push(resolved(&file));
            discovery.inputs.push(Input {
                path: file,
                code: code_for_path(path),
            });
        } else if path.is_dir() {
            discovery.roots.push(resolved(path));
            walk_package(&absolute(path), &mut discovery.inputs, false, walk);
        } else {
            return Err(format!("path `{}` does not exist", path.display()));
        }
    }
    discovery.inputs.sort();
    discovery.inputs.dedup_by(|a, b| a.path == b.path);
    Ok(discovery)
}

/// The root of the git repository that holds `root` (the nearest ancestor
/// with a `.git` directory or file), or `root` itself outside any.
pub fn repository_root(root: &Path) -> PathBuf {
    root.ancestors()
        .find(|dir| dir.join(".git").exists())
        .unwrap_or(root)
        .to_path_buf()
}

/// `path` with every symlink resolved, or as it is where it cannot be.
pub fn resolved(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| absolute(path))
}

/// Collects every `.rs` file under `dir`, skipping `target/`, `.git/`, and
/// directories that hold a package of their own when `skip_nested` is set.
/// Unless `walk.include_ignored` is set, what `.gitignore`, `.ignore` and
/// git's exclude file leave out is skipped (in a git repository or not, as
/// git would read them; the user's global gitignore is not read, so that
/// the files linted depend on the tree alone), and so are hidden files and
/// directories. Symlinks are not followed. The inputs come in no
/// particular order.
fn walk_package(dir: &Path, inputs: &mut Vec<Input>, skip_nested: bool, walk: Walk) {
    let filter = !walk.include_ignored;
    let root = dir.to_path_buf();
    let mut builder = ignore::WalkBuilder::new(dir);
    builder
        .standard_filters(false)
        .hidden(filter)
        .parents(filter)
        .ignore(filter)
        .git_ignore(filter)
        .git_exclude(filter)
        .require_git(false)
        .follow_links(false)
        .threads(walk.threads)
        .filter_entry(move |entry| {
            let name = entry.file_name();
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            entry.depth() == 0
                || !is_dir
                || (name != "target"
                    && name != ".git"
                    && !(skip_nested && entry.path().join("Cargo.toml").is_file()))
        });
    let found = std::sync::Mutex::new(Vec::new());
    builder.build_parallel().run(|| {
        let found = &found;
        let root = &root;
        Box::new(move |entry| {
            let Ok(entry) = entry else {
                return ignore::WalkState::Continue;
            };
            let path = entry.path();
            let rust = entry.file_type().is_some_and(|t| t.is_file())
                && path.extension().is_some_and(|e| e == "rs");
            if rust {
                let input = Input {
                    path: path.to_path_buf(),
                    code: code_for_path(path.strip_prefix(root).unwrap_or(path)),
                };
                found
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push(input);
            }
            ignore::WalkState::Continue
        })
    });
    inputs.extend(
        found
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
}

/// Test code by location: a path with a `tests`, `benches` or `examples`
/// directory in it.
pub fn code_for_path(path: &Path) -> CodeKind {
    let in_test_dir = path
        .parent()
        .into_iter()
        .flat_map(Path::components)
        .any(|c| matches!(c, Component::Normal(name) if TEST_DIRS.iter().any(|d| name == *d)));
    if in_test_dir {
        CodeKind::Test
    } else {
        CodeKind::Production
    }
}

/// `path` from the root of the file system, with `.` and `..` resolved
/// without touching the file system (as cargo does): the same file always
/// has the same name, whether it was discovered or a `mod` declaration
/// reached it.
pub fn absolute(path: &Path) -> PathBuf {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The path shown to users: relative to the root with forward slashes.
pub fn display_path(root: &Path, path: &Path) -> String {
    let shown = path.strip_prefix(root).unwrap_or(path);
    let text = shown
        .components()
        .filter(|c| !matches!(c, Component::CurDir))
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/");
    if path.is_absolute() && !path.starts_with(root) {
        format!("/{}", text.trim_start_matches('/'))
    } else {
        text
    }
}

fn first_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("unknown error")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_directories_make_test_code() {
        assert_eq!(code_for_path(Path::new("tests/it.rs")), CodeKind::Test);
        assert_eq!(
            code_for_path(Path::new("crate/benches/b.rs")),
            CodeKind::Test
        );
        assert_eq!(
            code_for_path(Path::new("src/tests.rs")),
            CodeKind::Production
        );
    }

    #[test]
    fn walks_skip_hidden_target_and_nested_packages_on_any_thread_count() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let root = dir.path().join("tests");
        for file in [
            "lib.rs",
            "notes.txt",
            "src/main.rs",
            "src/deep/er/mod.rs",
            "tests/it.rs",
            "target/debug/build.rs",
            ".hidden/x.rs",
            "nested/Cargo.toml",
            "nested/src/lib.rs",
        ] {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("create directories");
            std::fs::write(&path, "").expect("write file");
        }
        let walk = |skip_nested: bool, threads: usize| {
            let mut inputs = Vec::new();
            let walk = Walk {
                threads,
                include_ignored: false,
            };
            walk_package(&root, &mut inputs, skip_nested, walk);
            inputs.sort();
            inputs
                .into_iter()
                .map(|input| {
                    let relative = input.path.strip_prefix(&root).expect("under the root");
                    (display_path(Path::new(""), relative), input.code)
                })
                .collect::<Vec<_>>()
        };
        let production = |path: &str| (path.to_string(), CodeKind::Production);
        let packaged = vec![
            production("lib.rs"),
            production("src/deep/er/mod.rs"),
            production("src/main.rs"),
            ("tests/it.rs".to_string(), CodeKind::Test),
        ];
        assert_eq!(walk(true, 1), packaged);
        assert_eq!(walk(true, 2), packaged);
        let mut everything = packaged.clone();
        everything.insert(1, production("nested/src/lib.rs"));
        assert_eq!(walk(false, 1), everything);
        assert_eq!(walk(false, 3), everything);
    }

    #[test]
    fn displayed_paths_are_relative_with_forward_slashes() {
        let root = Path::new("/w");
        assert_eq!(display_path(root, Path::new("/w/src/lib.rs")), "src/lib.rs");
        assert_eq!(display_path(root, Path::new("/x/lib.rs")), "/x/lib.rs");
    }
}
