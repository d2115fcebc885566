use std::io::{self, Read};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunLimits {
    /// Combined bytes of stdout and stderr kept.
    pub output_cap: usize,
    pub timeout: Option<Duration>,
}

impl Default for RunLimits {
    fn default() -> Self {
        Self { output_cap: 1 << 20, timeout: Some(Duration::from_secs(600)) }
    }
}

#[derive(Debug)]
pub struct RunOutput {
    pub status: Option<ExitStatus>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub truncated: bool,
    pub timed_out: bool,
}

/// Reads `src` to the end, keeping bytes while the shared tally is under
/// `cap`. The pipe is drained even after the cap so the child never blocks.
fn pump(mut src: impl Read, tally: Arc<AtomicUsize>, cap: usize) -> (Vec<u8>, bool) {
    let mut buf = [0u8; 8192];
    let mut kept = Vec::new();
    let mut truncated = false;
    loop {
        let n = match src.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let before = tally.fetch_add(n, Ordering::Relaxed);
        let keep = n.min(cap.saturating_sub(before));
        kept.extend_from_slice(&buf[..keep]);
        truncated |= keep < n;
    }
    (kept, truncated)
}

pub fn run(program: &str, args: &[String], limits: &RunLimits) -> io::Result<RunOutput> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;

    let tally = Arc::new(AtomicUsize::new(0));
    let cap = limits.output_cap;
    let out = child.stdout.take().expect("piped stdout");
    let err = child.stderr.take().expect("piped stderr");
    let t_out = {
        let tally = Arc::clone(&tally);
        thread::spawn(move || pump(out, tally, cap))
    };
    let t_err = {
        let tally = Arc::clone(&tally);
        thread::spawn(move || pump(err, tally, cap))
    };

    let deadline = limits.timeout.map(|t| Instant::now() + t);
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            child.kill()?;
            child.wait()?;
            timed_out = true;
            break None;
        }
        thread::sleep(Duration::from_millis(10));
    };

    let (stdout, trunc_out) = t_out.join().unwrap_or_default();
    let (stderr, trunc_err) = t_err.join().unwrap_or_default();
    Ok(RunOutput { status, stdout, stderr, truncated: trunc_out || trunc_err, timed_out })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, limits: &RunLimits) -> RunOutput {
        run("sh", &["-c".to_string(), script.to_string()], limits).unwrap()
    }

    #[test]
    fn output_is_capped() {
        let limits = RunLimits { output_cap: 1000, timeout: None };
        let out = sh("head -c 100000 /dev/zero", &limits);
        assert_eq!(out.stdout.len(), 1000);
        assert!(out.truncated);
    }

    #[test]
    fn slow_command_is_killed() {
        let limits = RunLimits { output_cap: 1000, timeout: Some(Duration::from_millis(100)) };
        let out = sh("exec sleep 5", &limits);
        assert!(out.timed_out);
        assert!(out.status.is_none());
    }
}
