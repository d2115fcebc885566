//! Stream accounting for an HTTP/2 connection.

pub mod counts;
pub mod streams;

use std::time::Duration;

pub mod peer {
    /// Either a client or a server.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Dyn {
        Client,
        Server,
    }

    impl Dyn {
        /// Returns true if the stream id was initiated by this side.
        pub fn is_local_init(&self, id: u32) -> bool {
            assert_ne!(id, 0);
            (id % 2 == 1) == (*self == Dyn::Client)
        }
    }
}

pub mod frame {
    /// The subset of a SETTINGS frame that stream accounting cares about.
    #[derive(Debug, Default, Clone)]
    pub struct Settings {
        pub max_concurrent_streams: Option<u32>,
    }

    impl Settings {
        pub fn max_concurrent_streams(&self) -> Option<u32> {
            self.max_concurrent_streams
        }
    }
}

pub mod store {
    /// Per-stream state kept in the connection's slab.
    #[derive(Debug, Default)]
    pub struct Stream {
        pub id: u32,
        pub is_counted: bool,
        pub closed: bool,
        pub pending_reset_expiration: bool,
    }

    impl Stream {
        pub fn is_closed(&self) -> bool {
            self.closed
        }

        pub fn is_pending_reset_expiration(&self) -> bool {
            self.pending_reset_expiration
        }
    }

    pub type Ptr = Stream;
}

/// Connection configuration, as handed over by the client/server builders.
#[derive(Debug, Clone)]
pub struct Config {
    pub initial_max_send_streams: usize,
    pub local_reset_duration: Duration,
    pub local_reset_max: usize,
    pub remote_reset_max: usize,
    pub remote_max_initiated: Option<usize>,
    pub local_max_error_reset_streams: Option<usize>,
}
