use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Output shared by the stdout and stderr reader threads.
#[derive(Clone)]
pub struct OutputSink {
    pub bytes_seen: Arc<AtomicUsize>,
    pub output_cap: usize,
    pub buffer: Arc<Mutex<Vec<u8>>>,
    pub truncated: Arc<AtomicBool>,
}

impl OutputSink {
    pub fn new(output_cap: usize) -> Self {
        Self {
            bytes_seen: Arc::new(AtomicUsize::new(0)),
            output_cap,
            buffer: Arc::new(Mutex::new(Vec::new())),
            truncated: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Copies `src` into the shared buffer until EOF, keeping only what fits
    /// under the cap. The stream is drained to the end so the child never
    /// blocks on a full pipe.
    pub fn pump<R: Read>(&self, mut src: R) -> io::Result<()> {
        let mut chunk = [0u8; 8192];
        loop {
            let n = src.read(&mut chunk)?;
            if n == 0 {
                return Ok(());
            }
            let before = self.bytes_seen.fetch_add(n, Ordering::AcqRel);
            let room = self.output_cap.saturating_sub(before);
            let keep = n.min(room);
            if keep < n {
                self.truncated.store(true, Ordering::Release);
            }
            if keep > 0 {
                self.buffer.lock().unwrap().extend_from_slice(&chunk[..keep]);
            }
        }
    }
}
