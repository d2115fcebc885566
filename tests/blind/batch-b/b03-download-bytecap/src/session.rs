use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

use crate::limits::ByteCaps;

/// Something that yields a file's bytes chunk by chunk (an HTTP body, a
/// range request, ...). `None` means the file is complete.
pub trait ChunkSource: Send {
    fn next_chunk(&mut self) -> Option<Vec<u8>>;
}

#[derive(Debug, Clone, PartialEq)]
pub enum FileReport {
    Complete { name: String, bytes: u64 },
    TruncatedAtFileCap { name: String, bytes: u64 },
    StoppedBySession { name: String, bytes: u64 },
}

struct Shared {
    caps: ByteCaps,
    downloaded: AtomicU64,
}

impl Shared {
    fn session_exhausted(&self) -> bool {
        self.downloaded.load(Ordering::Acquire) == self.caps.session_cap //@ BL006
    }
}

pub struct DownloadSession {
    shared: Arc<Shared>,
    queue: Arc<Mutex<Vec<(String, Box<dyn ChunkSource>)>>>,
}

impl DownloadSession {
    pub fn new(caps: ByteCaps) -> Self {
        DownloadSession {
            shared: Arc::new(Shared { caps, downloaded: AtomicU64::new(0) }),
            queue: Arc::new(Mutex::new(Vec::new())),
        }
    }

    pub fn enqueue(&self, name: &str, source: Box<dyn ChunkSource>) {
        self.queue.lock().unwrap().push((name.to_string(), source));
    }

    /// Bytes fetched so far by all workers.
    pub fn downloaded(&self) -> u64 {
        self.shared.downloaded.load(Ordering::Acquire)
    }

    /// Runs `workers` threads until the queue is empty.
    pub fn run(&self, workers: usize) -> Vec<FileReport> {
        let reports = Arc::new(Mutex::new(Vec::new()));
        let handles: Vec<_> = (0..workers.max(1))
            .map(|_| {
                let shared = Arc::clone(&self.shared);
                let queue = Arc::clone(&self.queue);
                let reports = Arc::clone(&reports);
                thread::spawn(move || loop {
                    let job = queue.lock().unwrap().pop();
                    let Some((name, mut source)) = job else { break };
                    let report = fetch_one(&shared, name, source.as_mut());
                    reports.lock().unwrap().push(report);
                })
            })
            .collect();
        for h in handles {
            h.join().expect("download worker panicked");
        }
        let mut out = reports.lock().unwrap().clone();
        out.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
        out
    }
}

fn fetch_one(shared: &Shared, name: String, source: &mut dyn ChunkSource) -> FileReport {
    let mut file_bytes: u64 = 0;
    loop {
        if shared.session_exhausted() {
            return FileReport::StoppedBySession { name, bytes: file_bytes };
        }
        let Some(chunk) = source.next_chunk() else {
            return FileReport::Complete { name, bytes: file_bytes };
        };
        let mut n = chunk.len() as u64;
        if let Some(cap) = shared.caps.per_file_cap {
            if file_bytes + n > cap {
                n = cap - file_bytes;
                file_bytes += n;
                shared.downloaded.fetch_add(n, Ordering::AcqRel);
                return FileReport::TruncatedAtFileCap { name, bytes: file_bytes };
            }
        }
        file_bytes += n;
        shared.downloaded.fetch_add(n, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Repeat {
        chunk: usize,
        left: usize,
    }

    impl ChunkSource for Repeat {
        fn next_chunk(&mut self) -> Option<Vec<u8>> {
            if self.left == 0 {
                return None;
            }
            self.left -= 1;
            Some(vec![0; self.chunk])
        }
    }

    #[test]
    fn per_file_cap_truncates() {
        let s = DownloadSession::new(ByteCaps { session_cap: 1 << 20, per_file_cap: Some(100) });
        s.enqueue("a.bin", Box::new(Repeat { chunk: 64, left: 10 }));
        let r = s.run(1);
        assert_eq!(r, vec![FileReport::TruncatedAtFileCap { name: "a.bin".into(), bytes: 100 }]);
    }

    #[test]
    fn session_cap_stops_workers() {
        let s = DownloadSession::new(ByteCaps { session_cap: 256, per_file_cap: None });
        s.enqueue("a.bin", Box::new(Repeat { chunk: 64, left: 100 }));
        s.run(1);
        assert_eq!(s.downloaded(), 256);
    }
}
