use std::collections::{HashSet, VecDeque};
use std::time::Duration;

use crate::config::CrawlConfig;

/// What a fetch produced.
pub enum FetchOutcome {
    Page { links: Vec<String> },
    NotHtml,
    Failed(String),
}

/// The network side of the crawler.
pub trait Fetcher {
    fn fetch(&mut self, url: &str, timeout: Duration) -> FetchOutcome;

    /// Whether robots.txt lets us fetch `url`. Permissive by default.
    fn allowed(&self, _url: &str) -> bool {
        true
    }
}

pub struct Crawler<F> {
    config: CrawlConfig,
    fetcher: F,
    seen: HashSet<String>,
    pages_fetched: u32,
    errors: Vec<(String, String)>,
}

impl<F: Fetcher> Crawler<F> {
    pub fn new(config: CrawlConfig, fetcher: F) -> Self {
        Crawler {
            config,
            fetcher,
            seen: HashSet::new(),
            pages_fetched: 0,
            errors: Vec::new(),
        }
    }

    /// Crawls breadth-first and returns the pages fetched, in order.
    pub fn run(&mut self) -> Vec<String> {
        let mut frontier: VecDeque<(String, usize)> =
            self.config.seeds().iter().map(|s| (s.clone(), 0)).collect();
        let mut visited = Vec::new();

        while let Some((url, hops)) = frontier.pop_front() {
            if self.pages_fetched >= self.config.page_quota() {
                break;
            }
            if !self.seen.insert(url.clone()) {
                continue;
            }
            if self.config.respects_robots() && !self.fetcher.allowed(&url) {
                continue;
            }
            match self.fetcher.fetch(&url, self.config.request_timeout()) {
                FetchOutcome::Page { links } => {
                    self.pages_fetched += 1;
                    if hops < self.config.hop_ceiling() {
                        frontier.extend(
                            links
                                .into_iter()
                                .filter(|l| !self.seen.contains(l))
                                .map(|l| (l, hops + 1)),
                        );
                    }
                    visited.push(url);
                }
                FetchOutcome::NotHtml => {}
                FetchOutcome::Failed(reason) => self.errors.push((url, reason)),
            }
        }
        visited
    }

    pub fn pages_fetched(&self) -> u32 {
        self.pages_fetched
    }

    pub fn errors(&self) -> &[(String, String)] {
        &self.errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every page links to two children: `<url>/a` and `<url>/b`.
    struct Tree;

    impl Fetcher for Tree {
        fn fetch(&mut self, url: &str, _timeout: Duration) -> FetchOutcome {
            FetchOutcome::Page {
                links: vec![format!("{url}/a"), format!("{url}/b")],
            }
        }
    }

    #[test]
    fn stops_at_quota() {
        let cfg = CrawlConfig::parse("seed = r\npages = 4\nhops = 10\n").unwrap();
        let mut crawler = Crawler::new(cfg, Tree);
        assert_eq!(crawler.run().len(), 4);
    }

    #[test]
    fn stops_at_hop_ceiling() {
        let cfg = CrawlConfig::parse("seed = r\npages = 1000\nhops = 2\n").unwrap();
        let mut crawler = Crawler::new(cfg, Tree);
        assert_eq!(crawler.run().len(), 1 + 2 + 4);
        assert!(crawler.errors().is_empty());
    }
}
