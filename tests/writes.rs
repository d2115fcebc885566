//! Every file the tool writes is either the old text or the whole new one:
//! on a full disk, under an injected write error, and under `kill -9` at
//! random moments of a `--fix` of a large tree.

#![cfg(unix)]

mod common;

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Instant;

use common::copy_dir;

const BINARY: &str = env!("CARGO_BIN_EXE_cargo-budget-lint");

/// The ivy fixture's sources in `dir`, its runtime grown to 4,090 bytes as
/// in the report: its fix then needs a second page of the disk.
fn ivy_in(dir: &Path) -> PathBuf {
    copy_dir(
        &common::fixture("ivy-costcap").join("src"),
        &dir.join("src"),
    );
    let runtime = dir.join("src/runtime/mod.rs");
    let mut text = std::fs::read_to_string(&runtime).expect("read");
    text.push_str("\n// ");
    while text.len() < 4089 {
        text.push('.');
    }
    text.push('\n');
    std::fs::write(&runtime, &text).expect("write");
    runtime
}

/// A tmpfs of `size` mounted on `dir` while it lives.
struct Mounted(PathBuf);

impl Mounted {
    fn on(dir: &Path, size: &str) -> Option<Mounted> {
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .ok()?;
        status.success().then(|| Mounted(dir.to_path_buf()))
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// Fills the file system that holds `dir` to the last byte.
fn fill(dir: &Path) {
    let mut filler = std::fs::File::create(dir.join("filler")).expect("filler");
    let page = vec![0u8; 4096];
    while filler.write_all(&page).is_ok() {}
    while filler.write_all(b"0").is_ok() {}
    let _ = filler.sync_all();
}

/// Runs the binary in `dir`; with `file_size_limit`, every write past
/// that many bytes of any file fails (`RLIMIT_FSIZE`), as on a full disk.
fn run(dir: &Path, args: &[&str], file_size_limit: Option<u64>) -> Output {
    let mut command = Command::new(BINARY);
    command.args(args).current_dir(dir);
    if let Some(limit) = file_size_limit {
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(move || {
                libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
                let limit = libc::rlimit {
                    rlim_cur: limit,
                    rlim_max: limit,
                };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    command.output().expect("the binary runs")
}

/// `--fix` and `--write-baseline` on a disk with no room: each file keeps
/// its text, and the run fails saying so. On a tmpfs where the test may
/// mount one, otherwise with writes failing past one byte.
#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn a_full_disk_leaves_every_file_whole_and_fails_the_run() {
    full_disk(true);
}

/// The same with every write past one byte failing, wherever the test
/// runs.
#[test]
#[cfg_attr(no_fixtures, ignore = "needs fixtures/, which the package leaves out")]
fn a_failing_write_leaves_every_file_whole_and_fails_the_run() {
    full_disk(false);
}

fn full_disk(try_tmpfs: bool) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mounted = if try_tmpfs {
        Mounted::on(dir.path(), "1m")
    } else {
        None
    };
    let runtime = ivy_in(dir.path());
    let original = std::fs::read(&runtime).expect("read");
    let baseline = dir.path().join("baseline.json");
    std::fs::write(
        &baseline,
        "{\"version\": 1, \"tool\": \"x\", \"findings\": []}\n",
    )
    .expect("write");
    let old_baseline = std::fs::read(&baseline).expect("read");
    let limit = match &mounted {
        Some(_) => {
            fill(dir.path());
            None
        }
        None => Some(1),
    };
    let fix = run(
        dir.path(),
        &["--fix", "--unsafe-fixes", "--allow-no-vcs", "src"],
        limit,
    );
    let stderr = String::from_utf8_lossy(&fix.stderr);
    let now = std::fs::read(&runtime).expect("read");
    assert!(
        now == original,
        "src/runtime/mod.rs is {} bytes, was {}: {stderr}",
        now.len(),
        original.len()
    );
    assert_eq!(fix.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("error: did not fix src/runtime/mod.rs")
            && stderr.contains("so it was left as it was"),
        "{stderr}"
    );
    let write = run(
        dir.path(),
        &["--write-baseline", "baseline.json", "src"],
        limit,
    );
    let stderr = String::from_utf8_lossy(&write.stderr);
    let now = std::fs::read(&baseline).expect("read");
    assert!(
        now == old_baseline,
        "the baseline is {} bytes, was {}: {stderr}",
        now.len(),
        old_baseline.len()
    );
    assert_eq!(write.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot write baseline"), "{stderr}");
    assert!(stderr.contains("so it was left as it was"), "{stderr}");
    let leftovers: Vec<_> = walkdir::WalkDir::new(dir.path())
        .into_iter()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("budget-lint-tmp"))
        .map(|e| e.into_path())
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    drop(mounted);
}

/// A file of the large tree: a meter that stops only on `==` (BL006),
/// whose fix turns it into `>=`, padded so that writing it takes time.
fn meter(i: usize) -> String {
    let padding = format!("// {}\n", "padding ".repeat(12)).repeat(200);
    format!(
        "pub struct Meter{i} {{\n    pub cost_used: f64,\n    pub cost_cap: f64,\n}}\n\npub fn bill{i}(b: &mut Meter{i}, price: f64) -> bool {{\n    if b.cost_used == b.cost_cap {{\n        return false;\n    }}\n    b.cost_used += price;\n    true\n}}\n{padding}"
    )
}

fn tree(dir: &Path, files: usize) {
    std::fs::create_dir_all(dir.join("src")).expect("mkdir");
    for i in 0..files {
        std::fs::write(dir.join(format!("src/m{i}.rs")), meter(i)).expect("write");
    }
}

fn fix_args(dir: &Path) -> Vec<String> {
    vec![
        "--fix".to_string(),
        "--allow-no-vcs".to_string(),
        "-j".to_string(),
        "2".to_string(),
        dir.join("src").display().to_string(),
    ]
}

/// `kill -9` at random moments while `--fix` writes a tree of 300 files:
/// every file is then its original text or its whole fixed text.
#[test]
fn a_kill_at_any_moment_leaves_each_file_original_or_fixed() {
    const FILES: usize = 300;
    let reference = tempfile::tempdir().expect("temp dir");
    tree(reference.path(), FILES);
    let started = Instant::now();
    let out = Command::new(BINARY)
        .args(fix_args(reference.path()))
        .output()
        .expect("runs");
    let whole_run = started.elapsed();
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fixed: Vec<String> = (0..FILES)
        .map(|i| {
            std::fs::read_to_string(reference.path().join(format!("src/m{i}.rs"))).expect("read")
        })
        .collect();
    let changed = (0..FILES).filter(|&i| fixed[i] != meter(i)).count();
    assert_eq!(changed, FILES, "every file has a fix");
    // A fixed seed: the moments are spread over the whole run, the same
    // in every run of the test.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut interrupted = 0;
    for round in 0..16 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let at = whole_run.mul_f64((seed % 1000) as f64 / 1000.0);
        let dir = tempfile::tempdir().expect("temp dir");
        tree(dir.path(), FILES);
        let mut child = Command::new(BINARY)
            .args(fix_args(dir.path()))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("runs");
        std::thread::sleep(at);
        let _ = child.kill();
        let status = child.wait().expect("waits");
        interrupted += usize::from(status.code().is_none());
        let mut fixed_now = 0;
        for (i, fixed_text) in fixed.iter().enumerate() {
            let text = std::fs::read_to_string(dir.path().join(format!("src/m{i}.rs")))
                .expect("the file is still there");
            assert!(
                text == meter(i) || text == *fixed_text,
                "round {round}, killed after {at:?}: src/m{i}.rs is neither the original nor the fixed text ({} bytes)",
                text.len()
            );
            fixed_now += usize::from(text == *fixed_text);
        }
        eprintln!("round {round}: killed after {at:?}, {fixed_now} of {FILES} fixed");
    }
    assert!(interrupted > 0, "no run was interrupted: {whole_run:?}");
}
