//! Runs model-written code in a subprocess and returns its output to the
//! model, capped in size and in wall time.

mod capture;

pub use capture::OutputSink;

use std::process::{Command, Stdio};
use std::sync::atomic::Ordering;
use std::thread;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct SandboxSpec {
    pub interpreter: String,
    pub output_cap_bytes: usize,
    pub wall_timeout: Duration,
}

impl Default for SandboxSpec {
    fn default() -> Self {
        Self {
            interpreter: "python3".to_string(),
            output_cap_bytes: 64 * 1024,
            wall_timeout: Duration::from_secs(30),
        }
    }
}

#[derive(Debug)]
pub struct ExecResult {
    pub output: String,
    pub exit_code: Option<i32>,
    pub truncated: bool,
    pub timed_out: bool,
}

pub fn execute(spec: &SandboxSpec, code: &str) -> std::io::Result<ExecResult> {
    let mut child = Command::new(&spec.interpreter)
        .arg("-c")
        .arg(code)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;

    let sink = OutputSink::new(spec.output_cap_bytes);
    let readers: Vec<_> = [
        child.stdout.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
        child.stderr.take().map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
    ]
    .into_iter()
    .flatten()
    .map(|src| {
        let sink = sink.clone();
        thread::spawn(move || sink.pump(src))
    })
    .collect();

    let started = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if started.elapsed() >= spec.wall_timeout {
            child.kill()?;
            timed_out = true;
            break child.wait().ok();
        }
        thread::sleep(Duration::from_millis(20));
    };
    for reader in readers {
        let _ = reader.join();
    }

    let bytes = sink.buffer.lock().unwrap().clone();
    Ok(ExecResult {
        output: String::from_utf8_lossy(&bytes).into_owned(),
        exit_code: status.and_then(|s| s.code()),
        truncated: sink.truncated.load(Ordering::Acquire),
        timed_out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sink_keeps_only_cap() {
        let sink = OutputSink::new(10);
        sink.pump(&b"hello world, this is long"[..]).unwrap();
        assert_eq!(sink.buffer.lock().unwrap().len(), 10);
        assert!(sink.truncated.load(Ordering::Acquire));
    }
}
