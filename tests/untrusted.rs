//! Safe on an untrusted pull request: nothing the linted tree ships is
//! run, and nothing outside it is read or printed.

#![cfg(unix)]

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{copy_dir, fixture};

const BINARY: &str = env!("CARGO_BIN_EXE_cargo-budget-lint");

struct Out {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs the binary as a CI step runs it: directly, from `dir`, without
/// the `CARGO` and `RUSTUP_TOOLCHAIN` that `cargo test` hands it; killed
/// after a minute, so that a read that blocks fails the test.
fn run_in(dir: &Path, args: &[&str]) -> Out {
    let stdout = tempfile::tempfile().expect("temp file");
    let stderr = tempfile::tempfile().expect("temp file");
    let mut child = Command::new(BINARY)
        .args(args)
        .current_dir(dir)
        .env_remove("CARGO")
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("GITHUB_STEP_SUMMARY")
        .stdin(Stdio::null())
        .stdout(stdout.try_clone().expect("clone"))
        .stderr(stderr.try_clone().expect("clone"))
        .spawn()
        .expect("runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{args:?} did not finish in a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read = |mut file: std::fs::File| {
        use std::io::{Read, Seek};
        let mut text = String::new();
        file.seek(std::io::SeekFrom::Start(0)).expect("seek");
        file.read_to_string(&mut text).expect("read");
        text
    };
    Out {
        code: status.code(),
        stdout: read(stdout),
        stderr: read(stderr),
    }
}

fn ivy_in(dir: &Path) {
    copy_dir(&fixture("ivy-costcap").join("src"), &dir.join("src"));
    std::fs::copy(
        fixture("ivy-costcap").join("Cargo.toml"),
        dir.join("Cargo.toml"),
    )
    .expect("copy");
}

/// A `rust-toolchain.toml` whose toolchain is a directory the pull request
/// ships: its `cargo` writes a marker. Run from inside the checkout, the
/// tool's `cargo metadata` never runs it, and still lints the workspace.
#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn a_toolchain_file_cannot_choose_the_cargo_that_runs() {
    let dir = tempfile::tempdir().expect("temp dir");
    ivy_in(dir.path());
    let marker = dir.path().join("MARKER");
    let fake = dir.path().join("toolchain/bin");
    std::fs::create_dir_all(&fake).expect("mkdir");
    for program in ["cargo", "rustc"] {
        let script = fake.join(program);
        std::fs::write(
            &script,
            format!("#!/bin/sh\necho ran >> '{}'\nexit 1\n", marker.display()),
        )
        .expect("write");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    std::fs::write(
        dir.path().join("rust-toolchain.toml"),
        format!(
            "[toolchain]\npath = \"{}\"\n",
            dir.path().join("toolchain").display()
        ),
    )
    .expect("write");
    std::fs::create_dir_all(dir.path().join(".cargo")).expect("mkdir");
    std::fs::write(
        dir.path().join(".cargo/config.toml"),
        "[alias]\nmetadata = \"run\"\n",
    )
    .expect("write");
    let out = run_in(dir.path(), &["--message-format", "json"]);
    assert!(
        !marker.exists(),
        "the pull request's cargo ran: {}",
        out.stderr
    );
    assert!(
        !out.stderr.contains("cargo metadata failed"),
        "{}",
        out.stderr
    );
    assert_eq!(out.code, Some(1), "{}", out.stderr);
}

/// `src/x.rs` a symlink to a secret outside the workspace, and `src/y.rs`
/// a FIFO, both declared by `mod`: each is skipped with a warning, never
/// read (a FIFO would block the run), and the secret is in no output
/// format.
#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn a_symlink_out_of_the_workspace_is_never_read_or_quoted() {
    let dir = tempfile::tempdir().expect("temp dir");
    ivy_in(dir.path());
    let outside = tempfile::tempdir().expect("temp dir");
    let secret = outside.path().join("environ");
    std::fs::write(
        &secret,
        "AWS_SECRET_ACCESS_KEY=hunter2-do-not-print\0PATH=/bin\0",
    )
    .expect("write");
    std::os::unix::fs::symlink(&secret, dir.path().join("src/x.rs")).expect("symlink");
    let fifo = dir.path().join("src/y.rs");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let lib = dir.path().join("src/lib.rs");
    let text = std::fs::read_to_string(&lib).expect("read");
    std::fs::write(&lib, format!("{text}\nmod x;\nmod y;\n")).expect("write");
    for format in ["human", "json", "sarif", "github"] {
        for extra in [&[][..], &["--no-prefilter"][..]] {
            let mut args = vec!["--message-format", format];
            args.extend_from_slice(extra);
            let out = run_in(dir.path(), &args);
            let all = format!("{}{}", out.stdout, out.stderr);
            assert!(
                !all.contains("hunter2"),
                "{format} {extra:?} printed the secret: {all}"
            );
            assert!(!all.contains("AWS_SECRET"), "{format} {extra:?}: {all}");
            assert_eq!(out.code, Some(1), "{format} {extra:?}: {}", out.stderr);
            if format == "json" {
                let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("json");
                let warnings = doc["warnings"].to_string();
                assert!(
                    warnings.contains("skipped src/x.rs") && warnings.contains("`mod y;`"),
                    "{warnings}"
                );
                assert!(
                    doc["errors"].as_array().is_some_and(Vec::is_empty),
                    "{}",
                    doc["errors"]
                );
            }
        }
    }
}
