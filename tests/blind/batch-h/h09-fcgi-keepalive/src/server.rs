use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::config::QpxfConfig;

/// One FastCGI record as read off the socket.
pub enum Record {
    BeginRequest { id: u16, keep_conn: bool },
    Params(Vec<u8>),
    Stdin(Vec<u8>),
    Abort,
}

/// A source of records with a read deadline (socket stand-in).
pub trait RecordStream {
    fn next_record(&mut self, timeout: Duration) -> Option<Record>;
    fn write_response(&mut self, id: u16, status: u16, body: &[u8]);
}

/// Per-connection state.
struct ConnState {
    requests: usize, //@ BL002
    max_requests: usize,
    last_activity: Instant,
}

/// Per-request input buffers.
struct RequestInput {
    params: Vec<u8>,
    stdin: Vec<u8>,
}

pub struct Listener {
    config: Arc<QpxfConfig>,
    active: Arc<AtomicUsize>,
}

impl Listener {
    pub fn new(config: QpxfConfig) -> Self {
        Listener { config: Arc::new(config), active: Arc::new(AtomicUsize::new(0)) }
    }

    /// Accepts a connection if below `max_connections`; returns false to drop it.
    pub fn accept<S: RecordStream>(&self, stream: &mut S, handler: &dyn Fn(&[u8], &[u8]) -> Vec<u8>) -> bool {
        let prev = self.active.fetch_add(1, Ordering::AcqRel);
        if prev >= self.config.max_connections {
            self.active.fetch_sub(1, Ordering::AcqRel);
            return false;
        }
        serve_connection(&self.config, stream, handler);
        self.active.fetch_sub(1, Ordering::AcqRel);
        true
    }
}

pub fn serve_connection<S: RecordStream>(
    config: &QpxfConfig,
    stream: &mut S,
    handler: &dyn Fn(&[u8], &[u8]) -> Vec<u8>,
) {
    let conn_idle = Duration::from_millis(config.conn_idle_timeout_ms);
    let input_idle = Duration::from_millis(config.input_idle_timeout_ms);
    let mut conn = ConnState {
        requests: 0,
        max_requests: config.max_requests_per_connection,
        last_activity: Instant::now(),
    };

    loop {
        let (id, keep_conn) = match stream.next_record(conn_idle) {
            Some(Record::BeginRequest { id, keep_conn }) => (id, keep_conn),
            Some(_) => continue,
            None => break,
        };
        conn.requests += 1;
        conn.last_activity = Instant::now();
        eprintln!("request {id} on connection: {}/{}", conn.requests, conn.max_requests);

        let mut input = RequestInput { params: Vec::new(), stdin: Vec::new() };
        let mut complete = false;
        while let Some(record) = stream.next_record(input_idle) {
            match record {
                Record::Params(chunk) => {
                    if input.params.len() + chunk.len() > config.max_params_bytes {
                        stream.write_response(id, 431, b"params too large");
                        return;
                    }
                    input.params.extend_from_slice(&chunk);
                }
                Record::Stdin(chunk) if chunk.is_empty() => {
                    complete = true;
                    break;
                }
                Record::Stdin(chunk) => {
                    if input.stdin.len() + chunk.len() > config.max_stdin_bytes {
                        stream.write_response(id, 413, b"body too large");
                        return;
                    }
                    input.stdin.extend_from_slice(&chunk);
                }
                Record::Abort => break,
                Record::BeginRequest { .. } => return,
            }
        }
        if !complete {
            return;
        }

        let body = handler(&input.params, &input.stdin);
        stream.write_response(id, 200, &body);

        if !keep_conn || conn.last_activity.elapsed() > conn_idle {
            break;
        }
    }
}
