use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use crate::config::Config;

/// Default duration until output buffering switches to streaming.
pub const DEFAULT_MAX_BUFFER_TIME: Duration = Duration::from_millis(100);

/// Maximum size of the output buffer before flushing results to the console
const MAX_BUFFER_LENGTH: usize = 1000;

#[derive(Debug, PartialEq, Eq)]
pub enum ExitCode {
    Success,
    HasResults(bool),
    GeneralError,
    KilledBySigint,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct DirEntry {
    pub path: String,
    pub depth: usize,
}

pub enum WorkerResult {
    Entry(DirEntry),
    Error(String),
}

#[derive(PartialEq, Eq)]
enum ReceiverMode {
    /// Receiver is still buffering in order to sort the results, if the search finishes fast
    /// enough.
    Buffering,
    /// Receiver is directly printing results to the output.
    Streaming,
}

struct ReceiverBuffer<'a, W> {
    config: &'a Config,
    quit_flag: &'a AtomicBool,
    interrupt_flag: &'a AtomicBool,
    rx: Receiver<WorkerResult>,
    mode: ReceiverMode,
    deadline: Instant,
    buffer: Vec<DirEntry>,
    stdout: W,
    num_results: usize,
}

impl<'a, W: Write> ReceiverBuffer<'a, W> {
    fn new(config: &'a Config, quit_flag: &'a AtomicBool, interrupt_flag: &'a AtomicBool, rx: Receiver<WorkerResult>, stdout: W) -> Self {
        let max_buffer_time = config.max_buffer_time.unwrap_or(DEFAULT_MAX_BUFFER_TIME);
        let deadline = Instant::now() + max_buffer_time;

        Self {
            config,
            quit_flag,
            interrupt_flag,
            rx,
            mode: ReceiverMode::Buffering,
            deadline,
            buffer: Vec::with_capacity(MAX_BUFFER_LENGTH),
            stdout,
            num_results: 0,
        }
    }

    fn process(&mut self) -> ExitCode {
        loop {
            if let Err(ec) = self.poll() {
                self.quit_flag.store(true, Ordering::Relaxed);
                return ec;
            }
        }
    }

    fn recv(&self) -> Result<WorkerResult, RecvTimeoutError> {
        match self.mode {
            ReceiverMode::Buffering => {
                let timeout = self.deadline.saturating_duration_since(Instant::now());
                self.rx.recv_timeout(timeout)
            }
            ReceiverMode::Streaming => self.rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        }
    }

    fn poll(&mut self) -> Result<(), ExitCode> {
        match self.recv() {
            Ok(WorkerResult::Entry(dir_entry)) => {
                if self.config.quiet {
                    return Err(ExitCode::HasResults(true));
                }

                match self.mode {
                    ReceiverMode::Buffering => {
                        self.buffer.push(dir_entry);
                        if self.buffer.len() > MAX_BUFFER_LENGTH {
                            self.stream()?;
                        }
                    }
                    ReceiverMode::Streaming => {
                        self.print(&dir_entry)?;
                    }
                }

                self.num_results += 1;
                if let Some(max_results) = self.config.max_results {
                    if self.num_results >= max_results {
                        return self.stop();
                    }
                }
            }
            Ok(WorkerResult::Error(err)) => {
                if self.config.show_filesystem_errors {
                    eprintln!("[fd error]: {err}");
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                self.stream()?;
            }
            Err(RecvTimeoutError::Disconnected) => {
                return self.stop();
            }
        }

        Ok(())
    }

    fn print(&mut self, entry: &DirEntry) -> Result<(), ExitCode> {
        if self.interrupt_flag.load(Ordering::Relaxed) {
            return Err(ExitCode::KilledBySigint);
        }
        writeln!(self.stdout, "{}", entry.path).map_err(|_| ExitCode::GeneralError)
    }

    fn stream(&mut self) -> Result<(), ExitCode> {
        self.mode = ReceiverMode::Streaming;
        let buffer = std::mem::take(&mut self.buffer);
        for path in buffer {
            self.print(&path)?;
        }
        self.stdout.flush().map_err(|_| ExitCode::GeneralError)
    }

    fn stop(&mut self) -> Result<(), ExitCode> {
        if self.mode == ReceiverMode::Buffering {
            self.buffer.sort();
            self.stream()?;
        }
        if self.config.quiet {
            Err(ExitCode::HasResults(self.num_results > 0))
        } else {
            Err(ExitCode::Success)
        }
    }
}

/// Walks `entries` (a stand-in for the parallel directory walker) on
/// `config.threads` threads.
fn spawn_senders(config: &Arc<Config>, quit_flag: &Arc<AtomicBool>, entries: Vec<DirEntry>, tx: Sender<WorkerResult>) {
    let chunk = entries.len().div_ceil(config.threads.max(1)).max(1);
    let mut handles = Vec::new();
    for part in entries.chunks(chunk).map(|c| c.to_vec()) {
        let tx = tx.clone();
        let config = Arc::clone(config);
        let quit_flag = Arc::clone(quit_flag);
        handles.push(thread::spawn(move || {
            for entry in part {
                if quit_flag.load(Ordering::Relaxed) {
                    return;
                }
                if let Some(max_depth) = config.max_depth {
                    if entry.depth > max_depth {
                        continue;
                    }
                }
                if let Some(min_depth) = config.min_depth {
                    if entry.depth < min_depth {
                        continue;
                    }
                }
                if tx.send(WorkerResult::Entry(entry)).is_err() {
                    return;
                }
            }
        }));
    }
    drop(tx);
    for h in handles {
        let _ = h.join();
    }
}

/// Recursively scan the given search path for files / pathnames matching the patterns.
pub fn scan<W: Write + Send>(entries: Vec<DirEntry>, config: Arc<Config>, stdout: W) -> ExitCode {
    let quit_flag = Arc::new(AtomicBool::new(false));
    let interrupt_flag = Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel();

    thread::scope(|s| {
        let receiver = s.spawn(|| {
            let mut rxbuffer = ReceiverBuffer::new(&config, &quit_flag, &interrupt_flag, rx, stdout);
            rxbuffer.process()
        });
        spawn_senders(&config, &quit_flag, entries, tx);
        receiver.join().unwrap_or(ExitCode::GeneralError)
    })
}
