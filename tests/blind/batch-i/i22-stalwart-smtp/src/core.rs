use std::io::{Read, Write};
use std::time::{Duration, Instant};

/// Parameters evaluated once per session from the `session.*` configuration.
#[derive(Debug, Clone)]
pub struct SessionParameters {
    /// Inactivity timeout.
    pub timeout: Duration,
    /// Maximum session duration.
    pub duration: Duration,
    /// Bytes a client may send over the whole session.
    pub transfer_limit: usize,

    // Rcpt parameters
    pub rcpt_errors_max: usize,
    pub rcpt_errors_wait: Duration,
    pub rcpt_max: usize,

    // Data parameters
    pub max_message_size: usize,
    pub max_messages: usize,
}

impl Default for SessionParameters {
    fn default() -> Self {
        SessionParameters {
            timeout: Duration::from_secs(5 * 60),
            duration: Duration::from_secs(10 * 60),
            transfer_limit: 250 * 1024 * 1024,
            rcpt_errors_max: 10,
            rcpt_errors_wait: Duration::from_secs(5),
            rcpt_max: 100,
            max_message_size: 100 * 1024 * 1024,
            max_messages: 10,
        }
    }
}

#[derive(Debug)]
pub struct SessionData {
    pub session_id: u64,
    pub helo_domain: String,
    pub mail_from: Option<String>,
    pub rcpt_to: Vec<String>,
    pub rcpt_errors: usize,
    pub message: Vec<u8>,

    pub valid_until: Instant,
    pub bytes_left: usize,
    pub messages_sent: usize,
}

impl SessionData {
    pub fn new(session_id: u64) -> Self {
        SessionData {
            session_id,
            helo_domain: String::new(),
            mail_from: None,
            rcpt_to: Vec::new(),
            rcpt_errors: 0,
            message: Vec::new(),
            valid_until: Instant::now(),
            bytes_left: 0,
            messages_sent: 0,
        }
    }
}

#[derive(Debug, Default)]
pub enum State {
    #[default]
    Request,
    Data,
    DataTooLarge,
}

pub struct Session<T: Read + Write> {
    pub hostname: String,
    pub state: State,
    pub stream: T,
    pub data: SessionData,
    pub params: SessionParameters,
    /// Messages accepted for delivery in this session.
    pub queued: Vec<(String, Vec<String>, Vec<u8>)>,
    /// Recipients the local directory knows about.
    pub directory: Vec<String>,
}

impl<T: Read + Write> Session<T> {
    pub fn new(stream: T, session_id: u64, params: SessionParameters) -> Self {
        Session {
            hostname: "localhost".to_string(),
            state: State::default(),
            stream,
            data: SessionData::new(session_id),
            params,
            queued: Vec::new(),
            directory: Vec::new(),
        }
    }

    /// Applies the evaluated parameters to the session's counters.
    pub fn eval_session_params(&mut self) {
        self.data.valid_until = Instant::now() + self.params.duration;
        self.data.bytes_left = self.params.transfer_limit;
    }

    pub fn write(&mut self, bytes: &[u8]) -> Result<(), ()> {
        self.stream.write_all(bytes).map_err(|_| ())?;
        self.stream.flush().map_err(|_| ())
    }
}
