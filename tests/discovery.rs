//! No silent passes: files the repository ignores, and another member's
//! configuration, never hide a finding.

mod common;

use std::path::Path;

use common::{Run, copy_dir, fixture, run};

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// The ivy fixture as a package in `dir`, without its own `[workspace]`
/// table when it becomes a member.
fn ivy_in(dir: &Path, member: bool) {
    copy_dir(&fixture("ivy-costcap").join("src"), &dir.join("src"));
    let manifest =
        std::fs::read_to_string(fixture("ivy-costcap").join("Cargo.toml")).expect("read");
    let manifest = if member {
        manifest.replace("[workspace]", "")
    } else {
        manifest
    };
    write(&dir.join("Cargo.toml"), &manifest);
}

fn codes(out: &Run) -> Vec<String> {
    let doc: serde_json::Value =
        serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", out.stderr));
    doc["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            format!(
                "{} {}",
                f["code"].as_str().unwrap_or(""),
                f["level"].as_str().unwrap_or("")
            )
        })
        .collect()
}

fn files(out: &Run) -> u64 {
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("json");
    doc["summary"]["files"].as_u64().expect("files")
}

/// A `.gitignore`d copy of `src/` beside the real one (a backup, a
/// generated or vendored tree) used to make every struct name ambiguous:
/// the walk now leaves it out, in manifest and in path mode, and
/// `--include-ignored` brings it back.
#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn an_ignored_copy_of_the_sources_hides_no_finding() {
    let dir = tempfile::tempdir().expect("temp dir");
    ivy_in(dir.path(), false);
    copy_dir(&dir.path().join("src"), &dir.path().join("backup/src"));
    copy_dir(&dir.path().join("src"), &dir.path().join("vendored/src"));
    copy_dir(&dir.path().join("src"), &dir.path().join(".snapshot/src"));
    write(&dir.path().join(".gitignore"), "/backup/\n");
    write(&dir.path().join(".ignore"), "vendored/\n");
    let manifest = dir.path().join("Cargo.toml").display().to_string();
    let src = dir.path().display().to_string();
    for args in [
        vec!["--manifest-path", &manifest, "--message-format", "json"],
        vec![&src, "--message-format", "json"],
    ] {
        let out = run(&args);
        assert_eq!(codes(&out), ["BL001 deny"], "{args:?}: {}", out.stderr);
        assert_eq!(out.code, 1, "{args:?}");
        let mut all = args.clone();
        all.push("--include-ignored");
        let everything = run(&all);
        assert_eq!(files(&everything), 4 * files(&out), "{all:?}");
    }
}

/// `lints = { all = "allow" }` in one member's table silences that member
/// only; the workspace's table applies to every member, and a package's
/// own table wins over it for the package's findings.
#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn a_members_configuration_applies_to_its_own_findings() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        &dir.path().join("Cargo.toml"),
        "[workspace]\nmembers = [\"ivy\", \"quiet\", \"loud\"]\nresolver = \"2\"\n\n[workspace.metadata.budget-lint]\nlints = { limit-never-read = \"warn\" }\n",
    );
    ivy_in(&dir.path().join("ivy"), true);
    let unread = "pub struct Config {\n    pub name: String,\n    pub max_turns: u32,\n}\n\npub fn name(c: &Config) -> &str {\n    &c.name\n}\n";
    write(
        &dir.path().join("quiet/Cargo.toml"),
        "[package]\nname = \"quiet\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[package.metadata.budget-lint]\nlints = { all = \"allow\" }\n",
    );
    write(
        &dir.path().join("quiet/src/lib.rs"),
        &unread.replace("Config", "QuietConfig"),
    );
    write(
        &dir.path().join("loud/Cargo.toml"),
        "[package]\nname = \"loud\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[package.metadata.budget-lint]\nlints = { BL003 = \"deny\" }\n",
    );
    write(
        &dir.path().join("loud/src/lib.rs"),
        &unread.replace("Config", "LoudConfig"),
    );
    let manifest = dir.path().join("Cargo.toml").display().to_string();
    let out = run(&["--manifest-path", &manifest, "--message-format", "json"]);
    let mut found = codes(&out);
    found.sort();
    // ivy's BL001 (deny by default), loud's BL003 (deny by its own table
    // over the workspace's warn); quiet's BL003 is allowed by its table.
    assert_eq!(found, ["BL001 deny", "BL003 deny"], "{}", out.stderr);
    assert_eq!(out.code, 1);
    // The workspace's warn applies where no package's table says more.
    std::fs::remove_file(dir.path().join("loud/Cargo.toml")).expect("remove");
    write(
        &dir.path().join("loud/Cargo.toml"),
        "[package]\nname = \"loud\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    let out = run(&["--manifest-path", &manifest, "--message-format", "json"]);
    let mut found = codes(&out);
    found.sort();
    assert_eq!(found, ["BL001 deny", "BL003 warn"], "{}", out.stderr);
}
