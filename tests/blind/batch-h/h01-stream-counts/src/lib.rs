//! Stream accounting for an HTTP/2 connection (client or server side).

pub mod counts;
pub mod store;

pub use counts::Counts;

/// Which side of the connection we are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dyn {
    Client,
    Server,
}

impl Dyn {
    /// Client-initiated streams have odd ids, server-initiated ones even ids.
    pub fn is_local_init(&self, id: u32) -> bool {
        let odd = id % 2 == 1;
        match self {
            Dyn::Client => odd,
            Dyn::Server => !odd,
        }
    }
}

/// Connection settings the user configured on the builder.
#[derive(Debug, Clone)]
pub struct Config {
    pub initial_max_send_streams: usize,
    pub remote_max_initiated: Option<usize>,
    pub local_reset_max: usize,
    pub remote_reset_max: usize,
    pub local_max_error_reset_streams: Option<usize>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            initial_max_send_streams: usize::MAX,
            remote_max_initiated: None,
            local_reset_max: 10,
            remote_reset_max: 20,
            local_max_error_reset_streams: Some(1024),
        }
    }
}

/// The SETTINGS frame we send to the peer.
#[derive(Debug, Default, Clone)]
pub struct Settings {
    max_concurrent_streams: Option<u32>,
}

impl Settings {
    pub fn max_concurrent_streams(&self) -> Option<u32> {
        self.max_concurrent_streams
    }

    pub fn set_max_concurrent_streams(&mut self, max: Option<u32>) {
        self.max_concurrent_streams = max;
    }
}

/// Builds the local SETTINGS frame advertised to the peer.
pub fn local_settings(counts: &Counts) -> Settings {
    let mut settings = Settings::default();
    let max = counts.max_recv_streams();
    if max != usize::MAX {
        settings.set_max_concurrent_streams(Some(max as u32));
    }
    settings
}

/// Called when a HEADERS frame opens a stream the peer initiated.
pub fn recv_open(counts: &mut Counts, stream: &mut store::Stream) -> Result<(), &'static str> {
    if !counts.can_inc_num_recv_streams() {
        return Err("REFUSED_STREAM");
    }
    counts.inc_num_recv_streams(stream);
    Ok(())
}

/// Called when we open a stream locally.
pub fn send_open(counts: &mut Counts, stream: &mut store::Stream) -> Result<(), &'static str> {
    if !counts.can_inc_num_send_streams() {
        return Err("pending open");
    }
    counts.inc_num_send_streams(stream);
    Ok(())
}
