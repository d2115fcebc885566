//! The progress line: on a terminal, a run that takes more than about two
//! seconds shows on stderr how many files it has read and parsed, and
//! clears the line when it ends. CI logs get no such line unless asked
//! for (`--progress`), and then one plain line per round.

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Whether a run shows its progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProgressMode {
    /// Never (the library's default).
    #[default]
    Off,
    /// On a terminal outside CI, once the run has taken [`DELAY`].
    Auto,
    /// Always: on a terminal from the start, elsewhere as plain lines.
    Always,
}

/// How long a run goes before its progress line shows.
const DELAY: Duration = Duration::from_secs(2);

/// The counters the line shows, updated from the worker threads.
#[derive(Default)]
struct Counters {
    discovered: AtomicUsize,
    read: AtomicUsize,
    parsed: AtomicUsize,
    round: AtomicUsize,
}

/// A run's progress: counters, and the line that shows them if any.
#[derive(Clone, Default)]
pub struct Progress {
    counters: Arc<Counters>,
    bar: Option<ProgressBar>,
    /// Plain lines, one a round, where no terminal redraws a line.
    lines: bool,
}

impl Progress {
    pub fn new(mode: ProgressMode) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let in_ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false");
        let (bar, lines, delay) = match mode {
            ProgressMode::Off => (false, false, DELAY),
            ProgressMode::Auto => (terminal && !in_ci, false, DELAY),
            ProgressMode::Always => (terminal, !terminal, Duration::ZERO),
        };
        let mut progress = Progress {
            lines,
            ..Progress::default()
        };
        if !bar {
            return progress;
        }
        let line = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template("{spinner} budget-lint: {msg} [{elapsed}]")
            .unwrap_or_else(|_| ProgressStyle::default_spinner());
        line.set_style(style);
        // The line appears only once the run has taken the delay: a quick
        // run prints nothing.
        let delayed = line.clone();
        let counters = Arc::clone(&progress.counters);
        let spawned = std::thread::Builder::new()
            .name("budget-lint-progress".to_string())
            .spawn(move || {
                let step = Duration::from_millis(50);
                let mut waited = Duration::ZERO;
                while waited < delay {
                    if delayed.is_finished() {
                        return;
                    }
                    std::thread::sleep(step);
                    waited += step;
                }
                if delayed.is_finished() {
                    return;
                }
                delayed.set_message(message(&counters));
                delayed.set_draw_target(ProgressDrawTarget::stderr_with_hz(10));
                delayed.enable_steady_tick(Duration::from_millis(100));
                while !delayed.is_finished() {
                    delayed.set_message(message(&counters));
                    std::thread::sleep(Duration::from_millis(100));
                }
            });
        if spawned.is_ok() {
            progress.bar = Some(line);
        }
        progress
    }

    /// `files` more files are known: discovered, or declared by a `mod`.
    pub fn found(&self, files: usize) {
        self.counters.discovered.fetch_add(files, Ordering::Relaxed);
    }

    pub fn file_read(&self) {
        self.counters.read.fetch_add(1, Ordering::Relaxed);
    }

    pub fn file_parsed(&self) {
        self.counters.parsed.fetch_add(1, Ordering::Relaxed);
    }

    /// A round of parsing begins.
    pub fn round(&self) {
        let round = self.counters.round.fetch_add(1, Ordering::Relaxed) + 1;
        if self.lines {
            eprintln!("budget-lint: round {round}: {}", message(&self.counters));
        }
    }

    /// Clears the line: the run's output follows.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

fn message(counters: &Counters) -> String {
    let discovered = counters.discovered.load(Ordering::Relaxed);
    let read = counters.read.load(Ordering::Relaxed);
    let parsed = counters.parsed.load(Ordering::Relaxed);
    let round = counters.round.load(Ordering::Relaxed);
    // A file parsed in parts counts once for each round that parses some.
    format!("{read} files read of {discovered} found, {parsed} parses, round {round}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_make_the_message() {
        let progress = Progress::default();
        progress.found(3);
        progress.file_read();
        progress.file_read();
        progress.file_parsed();
        progress.round();
        assert_eq!(
            message(&progress.counters),
            "2 files read of 3 found, 1 parses, round 1"
        );
    }
}
