use std::time::Duration;

#[derive(Clone, Debug)]
pub struct BaseSettings {
    pub headers: Vec<(String, String)>,
    pub max_headers: usize,
    pub max_redirections: u32,
    pub follow_redirects: bool,
    pub connect_timeout: Duration,
    pub read_timeout: Duration,
    pub timeout: Option<Duration>,
}

impl Default for BaseSettings {
    fn default() -> Self {
        BaseSettings {
            headers: Vec::new(),
            max_headers: 100,
            max_redirections: 5,
            follow_redirects: true,
            connect_timeout: Duration::from_secs(30),
            read_timeout: Duration::from_secs(30),
            timeout: None,
        }
    }
}
