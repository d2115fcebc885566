//! The layering of ARCHITECTURE.md, checked on the sources: every module
//! imports only from the modules its layer may depend on, and only the
//! syntax stage names syn. A `use crate::…` that runs upward fails here
//! with the file and the import.

mod common;

use std::path::Path;

use walkdir::WalkDir;

/// The crate root: `lib.rs`, whose items (`Report`, `analyze`) the stages
/// after the analysis use.
const ROOT: &str = "<root>";

/// Each component (a module path; a file belongs to the longest that
/// prefixes its module path) and the components it may import from. A
/// component may always import from itself.
const LAYERS: &[(&str, &[&str])] = &[
    // Leaves.
    ("registry", &[]),
    ("analysis::facts", &[]),
    ("engine::workers", &[]),
    ("atomic", &[]),
    // The rules, bottom up.
    ("analysis::names", &["analysis::facts"]),
    ("config", &["registry", "analysis::names"]),
    // The syntax stage asks the workers how much stack its thread has.
    ("analysis::syntax", &["analysis::facts", "engine::workers"]),
    (
        "analysis::model",
        &["analysis::facts", "analysis::names", "config"],
    ),
    (
        "diagnostic",
        &["registry", "analysis::facts", "analysis::model"],
    ),
    (
        "analysis::lints",
        &[
            "registry",
            "diagnostic",
            "analysis::facts",
            "analysis::names",
            "analysis::model",
        ],
    ),
    (
        "analysis::suggest",
        &[
            "diagnostic",
            "analysis::facts",
            "analysis::names",
            "analysis::model",
            "input::source",
        ],
    ),
    // What the files are.
    ("input::source", &["analysis::facts"]),
    ("input::discover", &["analysis::facts"]),
    ("input::modules", &["analysis::facts", "input::discover"]),
    // The performance machinery reaches the lints only through their
    // declared demand, and the suggestions only through a bound they
    // export.
    (
        "engine",
        &[
            "analysis::facts",
            "analysis::names",
            "analysis::syntax",
            "analysis::model",
            "analysis::lints::demand",
            "analysis::suggest::FLOW_PATH_DEPTH",
            "config",
            "diagnostic",
            "input",
        ],
    ),
    // After the lints.
    (
        "fingerprint",
        &["diagnostic", "registry", "analysis::facts"],
    ),
    ("levels", &["diagnostic", "registry"]),
    (
        "suppress",
        &["diagnostic", "registry", "analysis::facts", "input::source"],
    ),
    (
        "baseline",
        &["diagnostic", "registry", "input::source", "atomic"],
    ),
    (
        "fix",
        &[
            ROOT,
            "atomic",
            "diagnostic",
            "analysis::facts",
            "analysis::syntax",
            "input::source",
        ],
    ),
    (
        "gate",
        &[ROOT, "baseline", "levels", "registry", "diagnostic"],
    ),
    (
        "render",
        &[
            ROOT,
            "diagnostic",
            "registry",
            "analysis::facts",
            "analysis::model",
            "analysis::names",
            "input",
            "fingerprint",
            "fix",
            "baseline",
            "levels",
        ],
    ),
    // The crate root runs the stages; the CLI is the top.
    (
        ROOT,
        &[
            "analysis",
            "baseline",
            "config",
            "diagnostic",
            "engine",
            "fingerprint",
            "fix",
            "input",
            "levels",
            "registry",
            "suppress",
        ],
    ),
    ("cli", &["*"]),
    // The man pages and completions are made from the CLI's definition.
    ("manual", &["*"]),
];

/// The external crates only some components may name.
const RESTRICTED_CRATES: &[(&str, &[&str])] = &[
    ("syn", &["analysis::syntax"]),
    ("proc_macro2", &["analysis::syntax", "analysis::suggest"]),
    ("quote", &["analysis::syntax", "analysis::suggest"]),
];

/// Files compiled only for the unit tests.
const TEST_ONLY: &[&str] = &["demand_tests", "engine::prefilter::tests"];

fn module_of(src: &Path, file: &Path) -> String {
    let relative = file
        .strip_prefix(src)
        .expect("under src/")
        .with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("::")
}

/// The component a module path belongs to: the longest prefix in
/// [`LAYERS`], or the crate root.
fn component(module: &str) -> &'static str {
    LAYERS
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| *name != ROOT && within(module, name))
        .max_by_key(|name| name.len())
        .unwrap_or(ROOT)
}

fn within(path: &str, prefix: &str) -> bool {
    path == prefix || path.starts_with(&format!("{prefix}::"))
}

/// The code of a file without its `#[cfg(test)] mod tests` and comments.
fn production_code(text: &str) -> String {
    let cut = text.find("#[cfg(test)]\nmod tests").unwrap_or(text.len());
    text[..cut]
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `crate::…` path the code names, `use crate::{a, b::c}` expanded
/// one level.
fn crate_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        let preceded = rest[..at]
            .chars()
            .last()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        rest = after;
        if preceded {
            continue;
        }
        if let Some(group) = after.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let item = item.trim();
                if !item.is_empty() {
                    paths.push(path_prefix(item));
                }
            }
            continue;
        }
        paths.push(path_prefix(after));
    }
    paths
}

fn path_prefix(text: &str) -> String {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(text.len());
    text[..end].trim_end_matches(':').to_string()
}

/// Whether `path` (after `crate::`) names the crate root's own items.
fn names_root(path: &str, modules: &[String]) -> bool {
    let first = path.split("::").next().unwrap_or("");
    !modules.iter().any(|m| m.split("::").next() == Some(first))
}

fn violations() -> Vec<String> {
    let src = common::repo().join("src");
    let files: Vec<_> = WalkDir::new(&src)
        .sort_by_file_name()
        .into_iter()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| e.into_path())
        .filter(|p| !p.ends_with("main.rs"))
        .collect();
    let modules: Vec<String> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut found = Vec::new();
    for (file, module) in files.iter().zip(&modules) {
        if TEST_ONLY.iter().any(|t| within(module, t)) {
            continue;
        }
        let code = production_code(&std::fs::read_to_string(file).expect("readable"));
        let from = component(module);
        let allowed = LAYERS
            .iter()
            .find(|(name, _)| *name == from)
            .map_or(&[][..], |(_, allowed)| *allowed);
        for path in crate_paths(&code) {
            let to = if names_root(&path, &modules) {
                ROOT.to_string()
            } else {
                path.clone()
            };
            let permitted = allowed.contains(&"*")
                || within(&to, from)
                || (from == ROOT && to == ROOT)
                || allowed.iter().any(|a| within(&to, a));
            if !permitted {
                found.push(format!(
                    "{}: `{from}` imports `crate::{path}`",
                    file.display()
                ));
            }
        }
        for (krate, users) in RESTRICTED_CRATES {
            let named = code.contains(&format!("{krate}::"))
                && code.match_indices(&format!("{krate}::")).any(|(at, _)| {
                    !code[..at]
                        .chars()
                        .last()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
                });
            if named && !users.iter().any(|u| within(module, u)) {
                found.push(format!("{}: `{module}` names `{krate}`", file.display()));
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

#[test]
fn every_import_follows_the_layering() {
    let found = violations();
    assert!(
        found.is_empty(),
        "imports that break the layering:\n{}",
        found.join("\n")
    );
}

#[test]
fn an_upward_import_is_caught() {
    assert_eq!(component("analysis::facts"), "analysis::facts");
    assert_eq!(component("engine::prefilter::shadows"), "engine");
    assert_eq!(component("render::sarif"), "render");
    let code = "use crate::engine::Options;\nuse crate::{registry::Level, cli};\n";
    assert_eq!(
        crate_paths(code),
        ["engine::Options", "registry::Level", "cli"]
    );
    let facts_allowed = LAYERS
        .iter()
        .find(|(name, _)| *name == "analysis::facts")
        .map(|(_, a)| *a);
    assert_eq!(facts_allowed, Some(&[][..]));
}
