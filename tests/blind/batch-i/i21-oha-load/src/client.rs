use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct RequestResult {
    pub start: Instant,
    pub end: Instant,
    pub status: u16,
    pub len_bytes: usize,
}

#[derive(Debug, Clone)]
pub struct Target {
    host: String,
    path: String,
    timeout: Option<Duration>,
}

impl Target {
    pub fn new(url: &str, timeout: Option<Duration>) -> Self {
        let rest = url.strip_prefix("http://").unwrap_or(url);
        let (host, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, "/"),
        };
        Target { host: host.to_string(), path: path.to_string(), timeout }
    }

    fn work(&self) -> Result<RequestResult, String> {
        let start = Instant::now();
        let addr = (self.host.as_str(), 80u16)
            .to_socket_addrs()
            .ok()
            .and_then(|mut a| a.next())
            .or_else(|| self.host.to_socket_addrs().ok().and_then(|mut a| a.next()))
            .ok_or_else(|| format!("cannot resolve {}", self.host))?;
        let mut stream = match self.timeout {
            Some(t) => TcpStream::connect_timeout(&addr, t),
            None => TcpStream::connect(addr),
        }
        .map_err(|e| e.to_string())?;
        stream.set_read_timeout(self.timeout).map_err(|e| e.to_string())?;
        write!(stream, "GET {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", self.path, self.host)
            .map_err(|e| e.to_string())?;
        let mut body = Vec::new();
        stream.read_to_end(&mut body).map_err(|e| e.to_string())?;
        let status = std::str::from_utf8(&body)
            .ok()
            .and_then(|s| s.split_whitespace().nth(1))
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        Ok(RequestResult { start, end: Instant::now(), status, len_bytes: body.len() })
    }
}

/// Check error was "Too many open file"
fn is_too_many_open_files(res: &Result<RequestResult, String>) -> bool {
    res.as_ref()
        .err()
        .map(|err| err.contains("os error 24"))
        .unwrap_or(false)
}

/// Run n tasks by m workers
pub fn work(
    target: &Target,
    report_tx: Sender<Result<RequestResult, String>>,
    n_tasks: usize,
    n_workers: usize,
) {
    let counter = Arc::new(AtomicUsize::new(0));

    let workers = (0..n_workers)
        .map(|_| {
            let target = target.clone();
            let report_tx = report_tx.clone();
            let counter = counter.clone();
            std::thread::spawn(move || {
                while counter.fetch_add(1, Ordering::Relaxed) < n_tasks {
                    let res = target.work();
                    let is_cancel = is_too_many_open_files(&res);
                    if report_tx.send(res).is_err() || is_cancel {
                        break;
                    }
                }
            })
        })
        .collect::<Vec<_>>();

    for w in workers {
        let _ = w.join();
    }
}

/// n tasks by m workers limit to qps works in a second
pub fn work_with_qps(
    target: &Target,
    report_tx: Sender<Result<RequestResult, String>>,
    qps: f64,
    n_tasks: usize,
    n_workers: usize,
) {
    let (tx, rx) = std::sync::mpsc::sync_channel::<()>(n_workers);
    let rx = Arc::new(std::sync::Mutex::new(rx));

    let pacer = std::thread::spawn(move || {
        let start = Instant::now();
        for i in 0..n_tasks {
            let due = start + Duration::from_secs_f64(i as f64 / qps);
            if let Some(wait) = due.checked_duration_since(Instant::now()) {
                std::thread::sleep(wait);
            }
            if tx.send(()).is_err() {
                break;
            }
        }
        // tx gone
    });

    let workers = (0..n_workers)
        .map(|_| {
            let target = target.clone();
            let report_tx = report_tx.clone();
            let rx = rx.clone();
            std::thread::spawn(move || loop {
                let ticket = rx.lock().unwrap().recv();
                if ticket.is_err() {
                    break;
                }
                if report_tx.send(target.work()).is_err() {
                    break;
                }
            })
        })
        .collect::<Vec<_>>();

    let _ = pacer.join();
    for w in workers {
        let _ = w.join();
    }
}

/// Run until dead_line by n workers
pub fn work_until(
    target: &Target,
    report_tx: Sender<Result<RequestResult, String>>,
    duration: Duration,
    n_workers: usize,
) {
    let dead_line = Instant::now() + duration;
    let workers = (0..n_workers)
        .map(|_| {
            let target = target.clone();
            let report_tx = report_tx.clone();
            std::thread::spawn(move || {
                while Instant::now() < dead_line {
                    let res = target.work();
                    let is_cancel = is_too_many_open_files(&res);
                    if report_tx.send(res).is_err() || is_cancel {
                        break;
                    }
                }
            })
        })
        .collect::<Vec<_>>();

    for w in workers {
        let _ = w.join();
    }
}
