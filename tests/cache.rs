//! The facts cache: findings are the same with and without it, cold and
//! warm, whatever changed between runs; a corrupt cache file is ignored and
//! rewritten.

mod common;

use std::path::Path;

use common::{fixture, fixtures, run_in};

fn lint(dir: &Path, cache: Option<&Path>) -> String {
    lint_args(dir, &["src"], cache)
}

fn lint_args(dir: &Path, what: &[&str], cache: Option<&Path>) -> String {
    lint_run(dir, what, cache).stdout
}

fn lint_run(dir: &Path, what: &[&str], cache: Option<&Path>) -> common::Run {
    let mut args = vec!["--message-format", "json"];
    args.extend(what);
    let cache_arg;
    match cache {
        Some(cache) => {
            cache_arg = cache.display().to_string();
            args.extend(["--cache-dir", &cache_arg]);
        }
        None => args.push("--no-cache"),
    }
    let out = run_in(dir, &args);
    assert!(out.code == 0 || out.code == 1, "{}", out.stderr);
    out
}

/// The JSON report without its warnings.
fn findings(json: &str) -> serde_json::Value {
    let value: serde_json::Value = serde_json::from_str(json).expect("json");
    value["findings"].clone()
}

fn warnings(json: &str) -> Vec<String> {
    let value: serde_json::Value = serde_json::from_str(json).expect("json");
    value["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .map(|w| w.as_str().unwrap_or_default().to_string())
        .collect()
}

fn write(dir: &Path, file: &str, text: &str) {
    let path = dir.join(file);
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("directory");
    std::fs::write(path, text).expect("written");
}

fn codes(json: &str) -> Vec<(String, String)> {
    let value: serde_json::Value = serde_json::from_str(json).expect("json");
    value["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            let text = |key: &str| f[key].as_str().unwrap_or_default().to_string();
            (text("code"), text("field"))
        })
        .collect()
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn every_fixture_reports_the_same_cold_warm_and_without_the_cache() {
    let cache = tempfile::tempdir().expect("temporary directory");
    for dir in fixtures() {
        let manifest = dir.join("Cargo.toml").display().to_string();
        let what = ["--manifest-path", manifest.as_str()];
        let without = lint_args(&dir, &what, None);
        let cold = lint_args(&dir, &what, Some(cache.path()));
        let warm = lint_args(&dir, &what, Some(cache.path()));
        let name = dir.display();
        assert_eq!(cold, without, "{name}: a cold cache changed the output");
        assert_eq!(warm, without, "{name}: a warm cache changed the output");
    }
    assert!(cache.path().join("facts-v1.bin").is_file());
    assert!(fixture("ivy-costcap").is_dir());
}

/// Under the prefilter a file's facts depend on what other files make the
/// rounds ask of it: `b.rs` is parsed for `report` first, and once `a.rs`
/// declares the limit `max_tokens`, for `limit_of`, which reads it, too.
/// Facts of `b.rs` cached for the first request would hide that read
/// (BL003 instead of BL002).
#[test]
fn an_edit_in_one_file_changes_what_another_file_is_parsed_for() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let cache = dir.path().join("cache");
    let root = dir.path();
    write(root, "src/lib.rs", "pub mod a;\npub mod b;\n");
    let budget = "pub struct Budget {\n    pub tokens_used: u64,\n    pub turns: u32,\n}\n\n\
        impl Budget {\n    pub fn spend(&mut self, n: u64) {\n        self.tokens_used += n;\n        \
        self.turns += 1;\n    }\n}\n";
    write(root, "src/a.rs", budget);
    write(
        root,
        "src/b.rs",
        "use crate::a::Budget;\n\npub fn report(b: &Budget) -> u64 {\n    b.tokens_used * 2\n}\n\n\
         pub fn limit_of(b: &Budget) -> u64 {\n    b.max_tokens\n}\n",
    );
    assert_eq!(lint(root, Some(&cache)), lint(root, None));
    write(
        root,
        "src/a.rs",
        &budget.replace(
            "pub turns: u32,",
            "pub turns: u32,\n    pub max_tokens: u64,",
        ),
    );
    let warm = lint(root, Some(&cache));
    let without = lint(root, None);
    assert_eq!(
        codes(&without),
        [("BL002".to_string(), "tokens_used".to_string())]
    );
    assert_eq!(warm, without);
    // And back: the first version's entries still give its findings.
    write(root, "src/a.rs", budget);
    assert_eq!(lint(root, Some(&cache)), lint(root, None));
}

#[test]
fn a_corrupt_or_foreign_cache_file_is_ignored_and_rewritten() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let root = dir.path();
    let cache = root.join("cache");
    let file = cache.join("facts-v1.bin");
    write(
        root,
        "src/lib.rs",
        "pub struct Budget { pub tokens_used: u64, pub max_tokens: u64 }\n\
         impl Budget { pub fn over(&self) -> bool { self.tokens_used >= self.max_tokens } }\n",
    );
    let without = lint(root, None);
    assert_eq!(
        codes(&without),
        [("BL001".to_string(), "tokens_used".to_string())]
    );
    assert_eq!(lint(root, Some(&cache)), without);
    let written = std::fs::read(&file).expect("a cache file");
    // Every byte after the header flipped: no entry may be trusted.
    let mut corrupt = written.clone();
    for byte in corrupt.iter_mut().skip(16) {
        *byte ^= 0x5a;
    }
    for (bad, why) in [
        (corrupt, "corrupt entr"),
        (b"not a cache file at all".to_vec(), "not a cache file"),
        (written[..written.len() / 2].to_vec(), "corrupt entr"),
    ] {
        std::fs::write(&file, &bad).expect("corrupted");
        let warned = lint(root, Some(&cache));
        assert_eq!(findings(&warned), findings(&without));
        let said = warnings(&warned);
        assert!(
            said.len() == 1 && said[0].contains(why) && said[0].contains("facts-v1.bin"),
            "{said:?}"
        );
        let rewritten = std::fs::read(&file).expect("rewritten");
        assert_ne!(rewritten, bad, "the bad file is replaced");
        assert_eq!(lint(root, Some(&cache)), without, "and the new one serves");
    }
}

/// A cache that cannot be written is a warning, and the run is what it is
/// without a cache.
#[test]
fn an_unwritable_cache_is_a_warning() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let root = dir.path();
    write(
        root,
        "src/lib.rs",
        "pub struct Budget { pub tokens_used: u64, pub max_tokens: u64 }\n\
         impl Budget { pub fn over(&self) -> bool { self.tokens_used >= self.max_tokens } }\n",
    );
    let without = lint(root, None);
    // A file where the cache directory should be.
    let cache = root.join("not-a-directory");
    std::fs::write(&cache, "a file").expect("written");
    let run = lint_run(root, &["src"], Some(&cache));
    assert_eq!(run.code, 1);
    assert_eq!(findings(&run.stdout), findings(&without));
    let said = warnings(&run.stdout);
    assert!(
        said.len() == 1 && said[0].starts_with("cannot write the facts cache in"),
        "{said:?}"
    );
}

/// The configuration is part of every key: a pair it adds makes a budget
/// of fields the cached facts of the same text saw none in.
#[test]
fn a_change_of_the_configuration_invalidates_the_cache() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let root = dir.path();
    let cache = root.join("cache");
    write(
        root,
        "src/lib.rs",
        "pub struct Wallet { pub outlay: u64, pub allowance: u64 }\n\
         impl Wallet { pub fn charge(&mut self, n: u64) { self.outlay += n; } }\n\
         pub fn report(w: &Wallet) -> u64 { w.allowance }\n",
    );
    let before = lint(root, Some(&cache));
    assert_eq!(before, lint(root, None));
    write(
        root,
        "budget-lint.toml",
        "pairs = [[\"Wallet.outlay\", \"Wallet.allowance\"]]\n",
    );
    let warm = lint(root, Some(&cache));
    let without = lint(root, None);
    assert_ne!(
        findings(&without),
        findings(&before),
        "the word changes the findings"
    );
    assert_eq!(warm, without);
}

/// A run's outcome depends on the files `mod` declarations name: one
/// created since is linted, though it is not among the paths given.
#[test]
fn a_module_file_created_since_is_linted() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let root = dir.path();
    let cache = root.join("cache");
    write(
        root,
        "src/lib.rs",
        "#[path = \"../generated/budget.rs\"]\nmod budget;\n\
         pub struct Budget { pub tokens_used: u64, pub max_tokens: u64 }\n\
         impl Budget { pub fn over(&self) -> bool { self.tokens_used >= self.max_tokens } }\n",
    );
    let missing = lint(root, Some(&cache));
    assert_eq!(missing, lint(root, None));
    assert_eq!(
        codes(&missing),
        [("BL001".to_string(), "tokens_used".to_string())]
    );
    write(
        root,
        "generated/budget.rs",
        "impl crate::Budget { pub fn spend(&mut self, n: u64) { self.tokens_used += n; } }\n",
    );
    let warm = lint(root, Some(&cache));
    assert_eq!(codes(&warm), []);
    assert_eq!(warm, lint(root, None));
    // And an edit of that file counts as one of the others.
    write(
        root,
        "generated/budget.rs",
        "impl crate::Budget { pub fn spend(&mut self, _n: u64) {} }\n",
    );
    let warm = lint(root, Some(&cache));
    assert_eq!(codes(&warm), codes(&missing));
    assert_eq!(warm, lint(root, None));
}

/// Without `--cache-dir` the cache is in the workspace's target directory,
/// `BUDGET_LINT_CACHE_DIR` moves it, and `--no-cache` neither reads nor
/// writes it, wherever it is.
#[test]
fn the_cache_is_kept_in_the_target_directory() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let root = dir.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"kept\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(
        root,
        "src/lib.rs",
        "pub struct Budget { pub tokens_used: u64, pub max_tokens: u64 }\n\
         impl Budget { pub fn over(&self) -> bool { self.tokens_used >= self.max_tokens } }\n",
    );
    let target = root.join("elsewhere");
    let env = [("CARGO_TARGET_DIR", target.as_path())];
    let no_cache = common::run_with_env(root, &["--message-format", "json", "--no-cache"], &env);
    assert_eq!(no_cache.code, 1, "{}", no_cache.stderr);
    assert!(!target.join("budget-lint").exists());
    let cold = common::run_with_env(root, &["--message-format", "json"], &env);
    assert_eq!(cold.stdout, no_cache.stdout);
    assert!(target.join("budget-lint").join("facts-v1.bin").is_file());
    assert!(target.join("budget-lint").join("CACHEDIR.TAG").is_file());
    let warm = common::run_with_env(root, &["--message-format", "json"], &env);
    assert_eq!(warm.stdout, no_cache.stdout);

    let moved = root.join("moved");
    let env = [("BUDGET_LINT_CACHE_DIR", moved.as_path())];
    let bypassed = common::run_with_env(root, &["--message-format", "json", "--no-cache"], &env);
    assert_eq!(bypassed.code, 1, "{}", bypassed.stderr);
    assert!(!moved.exists());
    let kept = common::run_with_env(root, &["--message-format", "json"], &env);
    assert_eq!(kept.stdout, no_cache.stdout);
    assert!(moved.join("facts-v1.bin").is_file());
}
