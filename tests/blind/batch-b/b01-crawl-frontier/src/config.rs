use std::time::Duration;

/// Options for one crawl, usually read from `crawl.conf` or CLI flags.
#[derive(Debug, Clone)]
pub struct CrawlConfig {
    seeds: Vec<String>,
    page_quota: u32,
    hop_ceiling: usize,
    request_timeout: Duration,
    respect_robots: bool,
}

impl CrawlConfig {
    pub fn new(seeds: Vec<String>) -> Self {
        CrawlConfig {
            seeds,
            page_quota: 500,
            hop_ceiling: 3,
            request_timeout: Duration::from_secs(15),
            respect_robots: true,
        }
    }

    /// Parses `key = value` lines; unknown keys are rejected.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut cfg = CrawlConfig::new(Vec::new());
        for (lineno, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| format!("line {}: expected `key = value`", lineno + 1))?;
            let value = value.trim();
            let bad = |e: std::num::ParseIntError| format!("line {}: {e}", lineno + 1);
            match key.trim() {
                "seed" => cfg.seeds.push(value.to_string()),
                "pages" => cfg.page_quota = value.parse().map_err(bad)?,
                "hops" => cfg.hop_ceiling = value.parse().map_err(bad)?,
                "timeout_secs" => {
                    cfg.request_timeout = Duration::from_secs(value.parse().map_err(bad)?)
                }
                "robots" => cfg.respect_robots = value == "true",
                other => return Err(format!("line {}: unknown key `{other}`", lineno + 1)),
            }
        }
        Ok(cfg)
    }

    pub fn seeds(&self) -> &[String] {
        &self.seeds
    }

    pub fn page_quota(&self) -> u32 {
        self.page_quota
    }

    pub fn hop_ceiling(&self) -> usize {
        self.hop_ceiling
    }

    pub fn request_timeout(&self) -> Duration {
        self.request_timeout
    }

    pub fn respects_robots(&self) -> bool {
        self.respect_robots
    }
}
