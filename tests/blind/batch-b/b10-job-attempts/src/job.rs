use std::time::Instant;

pub type JobId = u64;

/// A unit of work and its delivery history.
#[derive(Debug, Clone)]
pub struct Job {
    pub id: JobId,
    pub kind: String,
    pub payload: Vec<u8>,
    /// Runs started for this job so far.
    pub attempts_made: u32, //@ BL001
    pub last_error: Option<String>,
    pub leased_until: Option<Instant>,
}

impl Job {
    pub fn new(id: JobId, kind: &str, payload: Vec<u8>) -> Self {
        Job {
            id,
            kind: kind.to_string(),
            payload,
            attempts_made: 0,
            last_error: None,
            leased_until: None,
        }
    }
}
