/// The parts of a SETTINGS frame this module cares about.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    pub max_concurrent_streams: Option<u32>,
    pub initial_window_size: Option<u32>,
}

/// Local connection configuration (builder output).
#[derive(Debug, Clone)]
pub struct ConnConfig {
    /// Streams we allow the peer to open; advertised in our SETTINGS.
    pub local_max_concurrent_streams: Option<u32>,
    /// Streams we open before the peer's SETTINGS arrive.
    pub initial_max_send_streams: usize,
}

impl Default for ConnConfig {
    fn default() -> Self {
        ConnConfig { local_max_concurrent_streams: None, initial_max_send_streams: 100 }
    }
}

impl ConnConfig {
    /// Our SETTINGS frame.
    pub fn local_settings(&self) -> Settings {
        Settings { max_concurrent_streams: self.local_max_concurrent_streams, initial_window_size: None }
    }
}
