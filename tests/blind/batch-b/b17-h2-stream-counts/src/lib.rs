//! Stream bookkeeping for an HTTP/2 connection.

mod counts;
mod settings;

pub use counts::Counts;
pub use settings::{ConnConfig, Settings};

use std::collections::HashMap;

#[derive(Debug, PartialEq, Eq)]
pub enum StreamError {
    /// Peer opened more streams than we advertised: RST_STREAM(REFUSED_STREAM).
    Refused(u32),
    /// We are at the peer's limit; the request must wait.
    Pending,
}

/// Per-connection stream table.
pub struct Streams {
    counts: Counts,
    open: HashMap<u32, bool>,
    next_local_id: u32,
}

impl Streams {
    pub fn new(config: &ConnConfig) -> Self {
        Streams { counts: Counts::new(config), open: HashMap::new(), next_local_id: 1 }
    }

    /// Opens a locally initiated stream (client request).
    pub fn send_request(&mut self) -> Result<u32, StreamError> {
        if !self.counts.can_inc_num_send_streams() {
            return Err(StreamError::Pending);
        }
        self.counts.inc_num_send_streams();
        let id = self.next_local_id;
        self.next_local_id += 2;
        self.open.insert(id, true);
        Ok(id)
    }

    /// HEADERS arrived for a new remote stream.
    pub fn recv_headers(&mut self, id: u32) -> Result<(), StreamError> {
        if !self.counts.can_inc_num_recv_streams() {
            return Err(StreamError::Refused(id));
        }
        self.counts.inc_num_recv_streams();
        self.open.insert(id, false);
        Ok(())
    }

    /// END_STREAM in both directions, or RST_STREAM.
    pub fn close(&mut self, id: u32) {
        if let Some(local) = self.open.remove(&id) {
            self.counts.dec_num_streams(local);
        }
    }

    pub fn apply_remote_settings(&mut self, settings: &Settings) {
        self.counts.apply_remote_settings(settings);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peer_limit_and_our_limit() {
        let mut streams = Streams::new(&ConnConfig { local_max_concurrent_streams: Some(1), ..Default::default() });
        streams.apply_remote_settings(&Settings { max_concurrent_streams: Some(1), initial_window_size: None });
        let id = streams.send_request().unwrap();
        assert_eq!(streams.send_request(), Err(StreamError::Pending));
        streams.close(id);
        assert!(streams.send_request().is_ok());
        assert!(streams.recv_headers(2).is_ok());
        assert_eq!(streams.recv_headers(4), Err(StreamError::Refused(4)));
    }
}
