//! Hostile input: every case runs the binary and expects no panic, a clear
//! message naming the file, the exit status the design gives, and the
//! other files still linted.

mod common;

use std::path::Path;

use common::{Run, run, run_in};

/// A limit nothing reads beside a field that is read: one BL003 finding.
const UNREAD_LIMIT: &str = "pub struct Config {\n    pub name: String,\n    pub max_turns: u32, //~ BL003\n}\n\npub fn name(c: &Config) -> &str {\n    &c.name\n}\n";

fn write(dir: &Path, relative: &str, text: impl AsRef<[u8]>) {
    let path = dir.join(relative);
    std::fs::create_dir_all(path.parent().expect("has a parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

fn lint(dir: &Path, extra: &[&str]) -> Run {
    let path = dir.display().to_string();
    let mut args = vec![path.as_str()];
    args.extend_from_slice(extra);
    run(&args)
}

fn json(out: &Run) -> serde_json::Value {
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", out.stdout))
}

fn error_messages(doc: &serde_json::Value) -> Vec<String> {
    doc["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| format!("{}: {}", e["file"].as_str().unwrap_or(""), e["message"]))
        .collect()
}

fn finding_codes(doc: &serde_json::Value) -> Vec<String> {
    doc["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            format!(
                "{} {}",
                f["code"].as_str().unwrap_or(""),
                f["location"]["file"]
            )
        })
        .collect()
}

#[test]
fn bom_shebang_crlf_tabs_and_multibyte_text_keep_lines_and_columns() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = "\u{feff}#!/usr/bin/env run-cargo-script\r\n// café, ünïcödé 🦀\r\npub struct Config {\r\n\tpub name: String, /* é 🦀 */ pub max_turns: u32,\r\n}\r\npub fn name(c: &Config) -> &str {\r\n\t&c.name\r\n}\r\n";
    write(dir.path(), "src/lib.rs", text);
    let out = lint(dir.path(), &["--message-format", "json"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let location = &json(&out)["findings"][0]["location"];
    // The tab, `pub name: String, `, `/* é 🦀 */ ` and `pub ` precede it:
    // 1 + 18 + 10 + 4 code points.
    assert_eq!(location["start"]["line"], 4);
    assert_eq!(location["start"]["column"], 34);
    assert_eq!(location["end"]["column"], 43);
    let sarif: serde_json::Value =
        serde_json::from_str(&lint(dir.path(), &["--message-format", "sarif"]).stdout)
            .expect("SARIF is JSON");
    let region = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], 4);
    // SARIF counts UTF-16 code units (its `columnKind`): the crab is two.
    assert_eq!(region["startColumn"], 35);
    let human = lint(dir.path(), &[]);
    assert!(
        human.stderr.contains("src/lib.rs:4:34\n"),
        "{}",
        human.stderr
    );
}

#[test]
fn syntax_errors_are_reported_by_file_and_the_rest_is_linted() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "src/lib.rs", UNREAD_LIMIT);
    write(dir.path(), "src/broken.rs", "pub fn broken( {\n");
    write(dir.path(), "src/typo.rs", "pub fn typo() { let = 1; }\n");
    for extra in [&[][..], &["--no-prefilter"][..]] {
        let mut args = vec!["--message-format", "json"];
        args.extend_from_slice(extra);
        let out = lint(dir.path(), &args);
        assert_eq!(out.code, 1, "{extra:?}: {}", out.stderr);
        let doc = json(&out);
        let errors = error_messages(&doc);
        assert!(
            errors.iter().any(|e| e.contains("src/broken.rs")),
            "{errors:?}"
        );
        assert_eq!(finding_codes(&doc).len(), 1);
        assert_eq!(doc["summary"]["files"], 3);
    }
    // Unbalanced delimiters are always parsed; a file that mentions no
    // budget is parsed only without the prefilter.
    let all = json(&lint(
        dir.path(),
        &["--message-format", "json", "--no-prefilter"],
    ));
    assert!(
        error_messages(&all)
            .iter()
            .any(|e| e.contains("src/typo.rs"))
    );
}

#[test]
fn non_utf8_and_empty_files_are_handled() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "src/lib.rs", UNREAD_LIMIT);
    write(dir.path(), "src/latin1.rs", b"// caf\xe9\npub fn f() {}\n");
    write(dir.path(), "src/empty.rs", "");
    let out = lint(dir.path(), &["--message-format", "json"]);
    let doc = json(&out);
    let errors = error_messages(&doc);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("src/latin1.rs") && errors[0].contains("UTF-8"));
    assert_eq!(finding_codes(&doc).len(), 1);
    assert_eq!(out.code, 1);
    let human = lint(dir.path(), &[]);
    assert!(
        human
            .stderr
            .contains("src/latin1.rs`: file is not valid UTF-8"),
        "{}",
        human.stderr
    );
}

#[test]
fn a_fifty_megabyte_generated_file_is_linted() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "src/lib.rs", UNREAD_LIMIT);
    let line = "pub fn generated_function_with_a_long_name() -> usize { 0 }\n";
    let text = line.repeat(50 * 1024 * 1024 / line.len() + 1);
    write(dir.path(), "src/generated.rs", &text);
    let out = lint(dir.path(), &["--message-format", "json"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let doc = json(&out);
    assert_eq!(finding_codes(&doc).len(), 1);
    assert_eq!(doc["summary"]["files"], 2);
}

#[test]
fn deep_nesting_and_long_chains_do_not_overflow() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "src/lib.rs", UNREAD_LIMIT);
    let depth = 20_000;
    let nested = format!(
        "pub fn nested(c: &crate::Config) -> u32 {{ {}c.max_turns{} }}\n",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    write(dir.path(), "src/nested.rs", nested);
    let chain = format!(
        "pub fn chain(c: &crate::Config, a: u32) -> bool {{ a{} >= c.max_turns }}\n",
        " + a".repeat(200_000)
    );
    write(dir.path(), "src/chain.rs", chain);
    let out = lint(dir.path(), &["--message-format", "json", "-j", "2"]);
    let doc = json(&out);
    assert!(
        error_messages(&doc).is_empty(),
        "{:?}",
        error_messages(&doc)
    );
    // Both files read the limit, so it is not reported.
    assert!(finding_codes(&doc).is_empty(), "{:?}", finding_codes(&doc));
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn missing_and_odd_module_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let outside = tempfile::tempdir().expect("temp dir");
    write(outside.path(), "shared.rs", "pub fn shared() {}\n");
    let lib = format!(
        "mod missing;\n#[path = \"lib.rs\"]\nmod itself;\n#[path = \"{}\"]\nmod shared;\n{UNREAD_LIMIT}",
        outside.path().join("shared.rs").display()
    );
    write(dir.path(), "src/lib.rs", lib);
    let out = lint(dir.path(), &["--message-format", "json"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let doc = json(&out);
    assert_eq!(finding_codes(&doc).len(), 1);
    assert!(error_messages(&doc).is_empty());
    let warnings = doc["warnings"].to_string();
    assert!(
        warnings.contains("src/lib.rs") && warnings.contains("`mod missing;`"),
        "{warnings}"
    );
    // The file outside the tree is linted once, under its absolute path.
    assert_eq!(doc["summary"]["files"], 2);
}

#[test]
fn a_path_through_dot_dot_names_each_file_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "src/lib.rs", "mod config;\n");
    write(dir.path(), "src/config.rs", UNREAD_LIMIT);
    let plain = lint(dir.path(), &["--message-format", "json"]);
    assert_eq!(plain.code, 1, "{}", plain.stderr);
    for extra in [&[][..], &["--no-prefilter"][..]] {
        let mut args = vec!["--message-format", "json"];
        args.extend(extra);
        let out = lint(&dir.path().join("src").join(".."), &args);
        let doc = json(&out);
        assert_eq!(doc["summary"]["files"], 2, "{extra:?}");
        assert_eq!(out.stdout, plain.stdout, "{extra:?}");
    }
}

#[test]
fn a_missing_module_is_reported_with_or_without_the_prefilter() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "src/lib.rs",
        format!("mod plain;\n{UNREAD_LIMIT}"),
    );
    // Nothing here can change a finding, so the prefilter never parses it;
    // the module inside the inline one lives under `inline/`.
    write(
        dir.path(),
        "src/plain.rs",
        "mod gone;\nmod inline {\n    mod nested;\n}\npub fn f() {}\n",
    );
    write(dir.path(), "src/plain/inline/nested.rs", "pub fn g() {}\n");
    let warnings = |extra: &[&str]| {
        let mut args = vec!["--message-format", "json"];
        args.extend(extra);
        let out = lint(dir.path(), &args);
        assert_eq!(out.code, 1, "{}", out.stderr);
        json(&out)["warnings"].clone()
    };
    let with = warnings(&[]);
    assert_eq!(with, warnings(&["--no-prefilter"]));
    let with = with.to_string();
    assert!(with.contains("`mod gone;`"), "{with}");
    assert!(!with.contains("nested"), "{with}");
}

#[cfg(unix)]
#[test]
fn symlink_loops_are_not_followed() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "src/lib.rs", UNREAD_LIMIT);
    std::os::unix::fs::symlink(dir.path().join("src"), dir.path().join("src/again"))
        .expect("symlink");
    std::os::unix::fs::symlink(dir.path().join("src/x.rs"), dir.path().join("src/x.rs"))
        .expect("symlink");
    let out = lint(dir.path(), &["--message-format", "json"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let doc = json(&out);
    assert_eq!(finding_codes(&doc).len(), 1);
    assert_eq!(doc["summary"]["files"], 1);
}

/// A file that exists but cannot be read: `/proc/self/mem` fails at offset
/// zero even for root, who may read files without permission.
#[cfg(target_os = "linux")]
#[test]
fn an_unreadable_file_is_an_io_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "src/lib.rs", UNREAD_LIMIT);
    let unreadable = dir.path().join("src/unreadable.rs");
    std::os::unix::fs::symlink("/proc/self/mem", &unreadable).expect("symlink");
    let lib = dir.path().join("src/lib.rs").display().to_string();
    let out = run(&[
        &lib,
        &unreadable.display().to_string(),
        "--message-format",
        "json",
    ]);
    let errors = error_messages(&json(&out));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("unreadable.rs") && e.contains("cannot read")),
        "{errors:?}"
    );
    // The finding denies; alone, the unreadable file makes it exit 2.
    assert_eq!(out.code, 1);
    let alone = run(&[&unreadable.display().to_string()]);
    assert_eq!(alone.code, 2, "{}", alone.stderr);
    assert!(
        alone.stderr.contains("error: could not lint `") && alone.stderr.contains("unreadable.rs"),
        "{}",
        alone.stderr
    );
}

#[test]
fn without_cargo_on_path_the_tree_is_walked() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "Cargo.toml",
        "[package]\nname = \"w\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(dir.path(), "src/lib.rs", UNREAD_LIMIT);
    let empty = tempfile::tempdir().expect("temp dir");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_cargo-budget-lint"))
        .current_dir(dir.path())
        .env("PATH", empty.path())
        .env_remove("CARGO")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("warning: cargo metadata failed"),
        "{stderr}"
    );
    assert!(stderr.contains("BL003"), "{stderr}");
}

#[test]
fn build_scripts_and_proc_macros_never_run() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "Cargo.toml",
        "[package]\nname = \"w\"\nversion = \"0.1.0\"\nedition = \"2021\"\nbuild = \"build.rs\"\n",
    );
    write(
        dir.path(),
        "build.rs",
        "fn main() { std::fs::write(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/built\"), \"\").unwrap(); }\n",
    );
    write(dir.path(), "src/lib.rs", UNREAD_LIMIT);
    let out = run_in(dir.path(), &[]);
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("BL003"));
    assert!(!dir.path().join("built").exists(), "the build script ran");
    // The target directory holds the facts cache and nothing built.
    let built: Vec<_> = std::fs::read_dir(dir.path().join("target"))
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|entry| entry.file_name())
        .filter(|name| name != "budget-lint")
        .collect();
    assert!(built.is_empty(), "something was built: {built:?}");
}

#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn output_does_not_depend_on_threads_or_the_prefilter() {
    for dir in common::fixtures() {
        let manifest = dir.join("Cargo.toml").display().to_string();
        let reference = run(&[
            "--manifest-path",
            &manifest,
            "--message-format",
            "json",
            "-j",
            "1",
        ]);
        for extra in [
            &["-j", "4"][..],
            &["-j", "1", "--no-prefilter"][..],
            &["-j", "3", "--no-prefilter"][..],
        ] {
            let mut args = vec![
                "--manifest-path",
                manifest.as_str(),
                "--message-format",
                "json",
            ];
            args.extend_from_slice(extra);
            let out = run(&args);
            assert_eq!(out.code, reference.code, "{}: {extra:?}", dir.display());
            assert_eq!(out.stdout, reference.stdout, "{}: {extra:?}", dir.display());
        }
    }
}

#[test]
fn zero_jobs_is_a_usage_error() {
    let out = run(&["-j", "0"]);
    assert_eq!(out.code, 2);
}

/// Cross-file cases where a finding depends on a file the prefilter could
/// be tempted to skip: each must yield its finding, and the same output
/// with and without the prefilter.
#[test]
fn the_prefilter_keeps_findings_that_depend_on_other_files() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        (
            // The parent that makes a module test code mentions no budget.
            "BL001 src/budget.rs",
            &[
                (
                    "src/lib.rs",
                    "pub mod budget;\n#[cfg(test)]\nmod helpers;\n",
                ),
                (
                    "src/budget.rs",
                    "pub struct Budget {\n    pub tokens_used: u64,\n    pub max_tokens: u64,\n}\n\npub fn over(b: &Budget) -> bool {\n    b.tokens_used >= b.max_tokens\n}\n",
                ),
                (
                    "src/helpers.rs",
                    "pub fn fill(b: &mut crate::budget::Budget) {\n    b.tokens_used += 1;\n}\n",
                ),
            ],
        ),
        (
            // The test module's file is named by a `#[path]` attribute,
            // which the scan reads as the parser does.
            "BL001 src/budget.rs",
            &[
                (
                    "src/lib.rs",
                    "pub mod budget;\n#[cfg(test)]\n#[path = \"testing/fill.rs\"]\nmod helpers;\n",
                ),
                (
                    "src/budget.rs",
                    "pub struct Budget {\n    pub tokens_used: u64,\n    pub max_tokens: u64,\n}\n\npub fn over(b: &Budget) -> bool {\n    b.tokens_used >= b.max_tokens\n}\n",
                ),
                (
                    "src/testing/fill.rs",
                    "pub fn fill(b: &mut crate::budget::Budget) {\n    b.tokens_used += 1;\n}\n",
                ),
            ],
        ),
        (
            // The test module is declared inside an inline module of a
            // parent that also declares the budget's module.
            "BL001 src/budget.rs",
            &[
                (
                    "src/lib.rs",
                    "pub mod budget;\nmod outer {\n    #[cfg(test)]\n    mod helpers;\n}\n",
                ),
                (
                    "src/budget.rs",
                    "pub struct Budget {\n    pub tokens_used: u64,\n    pub max_tokens: u64,\n}\n\npub fn over(b: &Budget) -> bool {\n    b.tokens_used >= b.max_tokens\n}\n",
                ),
                (
                    "src/outer/helpers.rs",
                    "pub fn fill(b: &mut crate::budget::Budget) {\n    b.tokens_used += 1;\n}\n",
                ),
            ],
        ),
        (
            // The test module is declared inside a macro call, where only
            // the parser tells the declaration and its code.
            "BL001 src/budget.rs",
            &[
                (
                    "src/lib.rs",
                    "macro_rules! items {\n    ($($item:item)*) => { $($item)* };\n}\n\npub mod budget;\n\nitems! {\n    #[cfg(test)]\n    mod helpers;\n    pub mod other;\n}\n",
                ),
                (
                    "src/budget.rs",
                    "pub struct Budget {\n    pub tokens_used: u64,\n    pub max_tokens: u64,\n}\n\npub fn over(b: &Budget) -> bool {\n    b.tokens_used >= b.max_tokens\n}\n",
                ),
                (
                    "src/helpers.rs",
                    "pub fn fill(b: &mut crate::budget::Budget) {\n    b.tokens_used += 1;\n}\n",
                ),
                ("src/other.rs", "pub fn other() {}\n"),
            ],
        ),
        (
            // The same inside an inline module, whose directory holds the
            // file.
            "BL001 src/budget.rs",
            &[
                (
                    "src/lib.rs",
                    "macro_rules! items {\n    ($($item:item)*) => { $($item)* };\n}\n\npub mod budget;\n\nmod outer {\n    items! {\n        #[cfg(test)]\n        mod helpers;\n    }\n}\n",
                ),
                (
                    "src/budget.rs",
                    "pub struct Budget {\n    pub tokens_used: u64,\n    pub max_tokens: u64,\n}\n\npub fn over(b: &Budget) -> bool {\n    b.tokens_used >= b.max_tokens\n}\n",
                ),
                (
                    "src/outer/helpers.rs",
                    "pub fn fill(b: &mut crate::budget::Budget) {\n    b.tokens_used += 1;\n}\n",
                ),
            ],
        ),
        (
            // The receiver's type reaches the budget through a struct
            // declared in a file that names neither field.
            "BL001 src/budget.rs",
            &[
                (
                    "src/lib.rs",
                    "pub mod budget;\npub mod inner;\npub mod state;\npub mod other;\n",
                ),
                (
                    "src/budget.rs",
                    "pub struct Budget {\n    pub steps_used: u64,\n    pub max_steps: u64,\n}\n\npub fn over(s: &crate::state::State) -> bool {\n    s.inner.budget.steps_used >= s.inner.budget.max_steps\n}\n",
                ),
                (
                    "src/state.rs",
                    "pub struct State {\n    pub inner: crate::inner::Inner,\n}\n",
                ),
                (
                    "src/inner.rs",
                    "pub struct Inner {\n    pub budget: crate::budget::Budget,\n}\n",
                ),
                (
                    "src/other.rs",
                    "pub struct Other {\n    pub steps_used: u64,\n}\n\npub fn spend(o: &mut Other) {\n    o.steps_used += 1;\n}\n",
                ),
            ],
        ),
        (
            // The only write is in a method of a test-only `impl` block, in
            // a file the prefilter parses function by function; the method
            // reaches the counter through a struct declared beside it.
            "BL001 src/budget.rs",
            &[
                ("src/lib.rs", "pub mod budget;\npub mod agent;\n"),
                (
                    "src/budget.rs",
                    "pub struct Budget {\n    pub tokens_used: u64,\n    pub max_tokens: u64,\n}\n\npub fn over(b: &Budget) -> bool {\n    b.tokens_used >= b.max_tokens\n}\n",
                ),
                (
                    "src/agent.rs",
                    "//! Agents.\n#![allow(dead_code)]\n\npub struct Agent {\n    pub budget: crate::budget::Budget,\n    pub name: String,\n}\n\npub fn unrelated(n: u64) -> u64 {\n    n * 2\n}\n\nimpl Agent {\n    pub fn name(&self) -> &str {\n        &self.name\n    }\n}\n\n#[cfg(test)]\nimpl Agent {\n    fn fill(&mut self) {\n        self.budget.tokens_used += 1;\n    }\n}\n",
                ),
            ],
        ),
        (
            // The only write is in an inline test module, and the struct
            // that reaches the counter in an inline module, of a file the
            // prefilter parses item by item.
            "BL001 src/budget.rs",
            &[
                ("src/lib.rs", "pub mod budget;\npub mod agent;\n"),
                (
                    "src/budget.rs",
                    "pub struct Budget {\n    pub steps_used: u64,\n    pub max_steps: u64,\n}\n\npub fn over(b: &Budget) -> bool {\n    b.steps_used >= b.max_steps\n}\n",
                ),
                (
                    "src/agent.rs",
                    "pub fn unrelated(n: u64) -> u64 {\n    n * 2\n}\n\npub mod state {\n    #![allow(dead_code)]\n    pub struct Agent {\n        pub budget: crate::budget::Budget,\n    }\n}\n\nimpl From<[u8; 2]> for state::Agent {\n    fn from(_: [u8; 2]) -> Self {\n        todo!()\n    }\n}\n\n#[cfg(test)]\nmod tests {\n    use super::state::Agent;\n\n    fn fill(a: &mut Agent) {\n        a.budget.steps_used += 1;\n    }\n}\n",
                ),
            ],
        ),
        (
            // A typed read of a limit's sibling in a file that mentions
            // only the struct and the sibling.
            "BL003 src/config.rs",
            &[
                (
                    "src/lib.rs",
                    "pub mod config;\npub mod other;\npub mod show;\n",
                ),
                (
                    "src/config.rs",
                    "pub struct Config {\n    pub name: String,\n    pub max_turns: u32,\n}\n",
                ),
                (
                    "src/other.rs",
                    "pub struct Other {\n    pub name: String,\n}\n",
                ),
                (
                    "src/show.rs",
                    "pub fn show(c: &crate::config::Config) -> &str {\n    &c.name\n}\n",
                ),
            ],
        ),
        (
            // An untyped read of a sibling that only one struct declares.
            "BL003 src/config.rs",
            &[
                ("src/lib.rs", "pub mod config;\npub mod show;\n"),
                (
                    "src/config.rs",
                    "pub struct Config {\n    pub label: String,\n    pub max_turns: u32,\n}\n",
                ),
                (
                    "src/show.rs",
                    "pub fn show(v: &[crate::config::Config]) -> usize {\n    v.iter().map(|c| c.label.len()).sum()\n}\n",
                ),
            ],
        ),
    ];
    for (expected, files) in cases {
        let dir = tempfile::tempdir().expect("temp dir");
        for (path, text) in *files {
            write(dir.path(), path, text);
        }
        let with = lint(dir.path(), &["--message-format", "json"]);
        let without = lint(dir.path(), &["--message-format", "json", "--no-prefilter"]);
        assert_eq!(with.stdout, without.stdout, "{expected}");
        let codes = finding_codes(&json(&with));
        assert_eq!(codes.len(), 1, "{expected}: {codes:?}");
        let (code, file) = expected.split_once(' ').expect("code and file");
        assert!(
            codes[0].starts_with(code) && codes[0].contains(file),
            "{expected}: {codes:?}"
        );
    }
}

/// Every input the fuzz target (`fuzz/fuzz_targets/pipeline.rs`) found
/// failing, as a workspace's only source file: the findings must not
/// depend on the prefilter, and the exit status is one the design gives.
#[test]
fn fuzz_regressions_give_the_same_findings_with_and_without_the_prefilter() {
    let inputs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-regressions");
    let mut count = 0;
    for entry in std::fs::read_dir(&inputs).expect("fuzz regressions") {
        let input = entry.expect("entry").path();
        let dir = tempfile::tempdir().expect("temp dir");
        write(
            dir.path(),
            "src/lib.rs",
            std::fs::read(&input).expect("input"),
        );
        let findings = |extra: &[&str]| {
            let mut args = vec!["--message-format", "json", "-j", "1"];
            args.extend_from_slice(extra);
            let out = lint(dir.path(), &args);
            assert!(
                matches!(out.code, 0..=2),
                "{}: {}",
                input.display(),
                out.stderr
            );
            json(&out)["findings"].clone()
        };
        assert_eq!(
            findings(&[]),
            findings(&["--no-prefilter"]),
            "{}",
            input.display()
        );
        count += 1;
    }
    assert!(count > 0);
}

/// A file with a syntax error is reported, and its structs and functions
/// that parse alone are still linted, with or without the prefilter.
#[test]
fn the_items_of_a_file_with_a_syntax_error_are_linted() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "src/lib.rs",
        "pub const BROKEN: u32 = ;\n\npub struct Budget {\n    pub steps_used: u64,\n    pub max_steps: u64,\n}\n\npub fn over(b: &Budget) -> bool {\n    b.steps_used >= b.max_steps\n}\n",
    );
    for extra in [&[][..], &["--no-prefilter"][..]] {
        let mut args = vec!["--message-format", "json"];
        args.extend_from_slice(extra);
        let doc = json(&lint(dir.path(), &args));
        let codes = finding_codes(&doc);
        assert!(
            codes.len() == 1 && codes[0].starts_with("BL001"),
            "{extra:?}: {codes:?}"
        );
        if extra.is_empty() {
            continue;
        }
        // Only a file parsed whole can show its syntax error.
        assert_eq!(error_messages(&doc).len(), 1, "{doc}");
    }
}

/// `#![cfg(test)]` at the top of a file makes all of it test code, also
/// when the prefilter parses one struct of it alone: BL003 skips structs
/// in test code.
#[test]
fn an_inner_cfg_test_attribute_makes_its_file_test_code() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "src/lib.rs", "mod testing;\nmod run;\n");
    write(
        dir.path(),
        "src/testing.rs",
        "//! Test doubles.\n#![cfg(test)]\n#![allow(dead_code)]\n\npub fn unrelated() -> u32 {\n    3\n}\n\npub struct Config {\n    pub max_turns: u32,\n    pub name: String,\n}\n",
    );
    write(
        dir.path(),
        "src/run.rs",
        "pub fn go(c: &crate::testing::Config) -> usize {\n    c.name.len()\n}\n",
    );
    let with = lint(dir.path(), &["--message-format", "json"]);
    let without = lint(dir.path(), &["--message-format", "json", "--no-prefilter"]);
    assert_eq!(with.stdout, without.stdout);
    assert_eq!(finding_codes(&json(&with)), Vec::<String>::new());
}

/// A directive counts in a file that nothing else makes the prefilter
/// parse, or parse whole: above a struct parsed alone it still suppresses
/// the finding, and one that covers nothing is still reported unused.
#[test]
fn directives_count_whether_or_not_the_prefilter_needs_their_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "src/lib.rs",
        "mod limits;\nmod run;\nmod other;\n",
    );
    write(
        dir.path(),
        "src/limits.rs",
        "pub fn unrelated() -> u32 {\n    3\n}\n\n// budget-lint: allow(limit-never-read) enforced by the host\npub struct Limits {\n    pub max_steps: u64,\n    pub name: String,\n}\n",
    );
    write(
        dir.path(),
        "src/run.rs",
        "pub fn go(l: &crate::limits::Limits) -> usize {\n    l.name.len()\n}\n",
    );
    write(
        dir.path(),
        "src/other.rs",
        "// budget-lint: allow(BL002)\npub fn nothing() {}\n",
    );
    let with = lint(dir.path(), &["--message-format", "json"]);
    let without = lint(dir.path(), &["--message-format", "json", "--no-prefilter"]);
    assert_eq!(with.stdout, without.stdout);
    let doc = json(&with);
    let codes = finding_codes(&doc);
    assert!(
        codes.len() == 1 && codes[0].starts_with("BL100") && codes[0].contains("src/other.rs"),
        "{codes:?}"
    );
    assert_eq!(doc["summary"]["suppressed"], 1, "{}", with.stdout);
}

#[test]
fn a_parent_is_parsed_when_its_scan_cannot_tell_test_code() {
    // `lib.rs` names no budget and holds an error only a parse finds. The
    // scan reads `#[cfg(test)]`, so the prefilter need not parse it to
    // know `helpers.rs` is test code; a comment inside the `cfg` makes
    // the scan give up, and then it is parsed. Either way an unparsable
    // parent's declarations are read as its scan reads them, with or
    // without the prefilter.
    for (attribute, parsed) in [("#[cfg(test)]", false), ("#[cfg(/* tests */ test)]", true)] {
        let dir = tempfile::tempdir().expect("temp dir");
        write(
            dir.path(),
            "src/lib.rs",
            format!("pub mod budget;\n{attribute}\nmod helpers;\nconst BROKEN: u8 = ;\n"),
        );
        write(
            dir.path(),
            "src/budget.rs",
            "pub struct Budget {\n    pub tokens_used: u64,\n    pub max_tokens: u64,\n}\n\npub fn over(b: &Budget) -> bool {\n    b.tokens_used >= b.max_tokens\n}\n",
        );
        write(
            dir.path(),
            "src/helpers.rs",
            "pub fn fill(b: &mut crate::budget::Budget) {\n    b.tokens_used += 1;\n}\n",
        );
        let report = |extra: &[&str]| {
            let mut args = vec!["--message-format", "json"];
            args.extend(extra);
            json(&lint(dir.path(), &args))
        };
        let (with, without) = (report(&[]), report(&["--no-prefilter"]));
        // A write in test code leaves the counter unspent: BL001, unless
        // nothing tells that `helpers.rs` is test code.
        assert_eq!(finding_codes(&with), finding_codes(&without), "{attribute}");
        assert_eq!(
            finding_codes(&with).iter().any(|f| f.starts_with("BL001")),
            !parsed,
            "{attribute}: {with}"
        );
        assert_eq!(error_messages(&without).len(), 1, "{without}");
        assert_eq!(error_messages(&with).len(), usize::from(parsed), "{with}");
    }
}
