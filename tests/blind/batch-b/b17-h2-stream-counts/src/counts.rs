use crate::settings::{ConnConfig, Settings};

#[derive(Debug)]
pub struct Counts {
    /// Streams we may open, from the peer's SETTINGS_MAX_CONCURRENT_STREAMS.
    max_send_streams: usize,
    /// Locally initiated streams currently open.
    num_send_streams: usize,
    /// Streams the peer may open, as we advertised.
    max_recv_streams: usize,
    /// Remotely initiated streams currently open.
    num_recv_streams: usize,
}

impl Counts {
    pub fn new(config: &ConnConfig) -> Self {
        Counts {
            max_send_streams: config.initial_max_send_streams,
            num_send_streams: 0,
            max_recv_streams: config.local_max_concurrent_streams.map_or(usize::MAX, |n| n as usize),
            num_recv_streams: 0,
        }
    }

    pub fn can_inc_num_send_streams(&self) -> bool {
        self.max_send_streams > self.num_send_streams
    }

    /// # Panics
    /// If called without checking `can_inc_num_send_streams` first.
    pub fn inc_num_send_streams(&mut self) {
        assert!(self.can_inc_num_send_streams());
        self.num_send_streams += 1;
    }

    pub fn can_inc_num_recv_streams(&self) -> bool {
        self.max_recv_streams > self.num_recv_streams
    }

    /// # Panics
    /// If called without checking `can_inc_num_recv_streams` first.
    pub fn inc_num_recv_streams(&mut self) {
        assert!(self.can_inc_num_recv_streams());
        self.num_recv_streams += 1;
    }

    pub fn dec_num_streams(&mut self, locally_initiated: bool) {
        if locally_initiated {
            assert!(self.num_send_streams > 0);
            self.num_send_streams -= 1;
        } else {
            assert!(self.num_recv_streams > 0);
            self.num_recv_streams -= 1;
        }
    }

    /// A new SETTINGS frame from the peer replaces its stream limit; an
    /// absent value keeps the previous one.
    pub fn apply_remote_settings(&mut self, settings: &Settings) {
        if let Some(max) = settings.max_concurrent_streams {
            self.max_send_streams = max as usize;
        }
    }

    pub fn has_streams(&self) -> bool {
        self.num_send_streams != 0 || self.num_recv_streams != 0
    }
}
