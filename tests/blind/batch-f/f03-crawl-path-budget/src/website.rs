use crate::configuration::{Configuration, RedirectPolicy};
use crate::redirect::{Attempt, Policy};
use crate::{get_path_from_url, CaseInsensitiveString, ProcessLinkStatus, WILD_CARD_PATH};
use std::collections::HashSet;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;

/// Represents a website to crawl and gather all links or page content.
#[derive(Debug, Clone, Default)]
pub struct Website {
    /// Configuration properties for website.
    pub configuration: Box<Configuration>,
    /// All URLs visited.
    links_visited: HashSet<CaseInsensitiveString>,
    /// The domain url parsed (path segments of the start url).
    domain_parsed: Option<Vec<String>>,
}

impl Website {
    pub fn new(url: &str) -> Self {
        let path = get_path_from_url(&CaseInsensitiveString::new(url)).to_string();
        let segments = path.split('/').filter(|s| !s.is_empty()).map(String::from).collect();
        Self { configuration: Box::default(), links_visited: HashSet::new(), domain_parsed: Some(segments) }
    }

    /// return `true` if URL is not already crawled, not over depth and not over crawl budget.
    pub fn is_allowed(&mut self, link: &CaseInsensitiveString) -> ProcessLinkStatus {
        let status = self.is_allowed_budgetless(link);
        if status.eq(&ProcessLinkStatus::Allowed) && self.is_over_budget(link) {
            return ProcessLinkStatus::BudgetExceeded;
        }
        status
    }

    pub fn is_allowed_budgetless(&mut self, link: &CaseInsensitiveString) -> ProcessLinkStatus {
        let blacklist = &self.configuration.blacklist_url;
        if self.links_visited.contains(link) || blacklist.iter().any(|b| link.inner().contains(b.as_str())) {
            ProcessLinkStatus::Blocked
        } else if self.is_over_depth(link) {
            ProcessLinkStatus::Blocked
        } else {
            ProcessLinkStatus::Allowed
        }
    }

    /// Detect if the inner budget is exceeded
    pub(crate) fn is_over_inner_depth_budget(&mut self, link: &CaseInsensitiveString) -> bool {
        let mut over = false;
        if let Some(segments) = get_path_from_url(link).strip_prefix('/').map(|remainder| remainder.split('/')) {
            let mut depth: usize = 0;
            for _ in segments {
                depth = depth.saturating_add(1);
                if depth > self.configuration.depth_distance {
                    over = true;
                    break;
                }
            }
        }
        over
    }

    /// Detect if the inner budget is exceeded
    pub(crate) fn is_over_inner_budget(&mut self, link: &CaseInsensitiveString) -> bool {
        match self.configuration.inner_budget.as_mut() {
            Some(budget) => {
                let exceeded_wild_budget = if self.configuration.wild_card_budgeting {
                    match budget.get_mut(&CaseInsensitiveString::new(WILD_CARD_PATH)) {
                        Some(budget) => {
                            if budget.abs_diff(0) == 1 {
                                true
                            } else {
                                *budget -= 1;
                                false
                            }
                        }
                        _ => false,
                    }
                } else {
                    false
                };

                // If only the wild card budget is set we can safely skip all checks.
                let skip_paths = self.configuration.wild_card_budgeting && budget.len() == 1;
                let has_depth_control = self.configuration.depth_distance > 0;

                if !skip_paths && !exceeded_wild_budget {
                    let path_segments = get_path_from_url(link).strip_prefix('/').map(|remainder| remainder.split('/'));
                    match path_segments {
                        Some(segments) => {
                            let mut joint_segment = CaseInsensitiveString::default();
                            let mut over = false;
                            let mut depth: usize = 0;

                            for seg in segments {
                                if has_depth_control {
                                    depth = depth.saturating_add(1);
                                    if depth > self.configuration.depth_distance {
                                        over = true;
                                        break;
                                    }
                                }

                                joint_segment.push_str(seg);

                                if budget.contains_key(&joint_segment) {
                                    if let Some(budget) = budget.get_mut(&joint_segment) {
                                        if budget.abs_diff(0) == 0 || *budget == 0 {
                                            over = true;
                                            break;
                                        } else {
                                            *budget -= 1;
                                            continue;
                                        }
                                    }
                                }
                            }
                            over
                        }
                        _ => false,
                    }
                } else {
                    exceeded_wild_budget
                }
            }
            _ => false,
        }
    }

    /// Validate if url exceeds crawl depth and should be ignored.
    pub(crate) fn is_over_depth(&mut self, link: &CaseInsensitiveString) -> bool {
        self.configuration.depth_distance > 0 && self.is_over_inner_depth_budget(link)
    }

    /// Validate if url exceeds crawl budget and should not be handled.
    pub(crate) fn is_over_budget(&mut self, link: &CaseInsensitiveString) -> bool {
        self.is_over_inner_budget(link)
    }

    /// Amount of pages crawled in memory only.
    pub fn size(&self) -> usize {
        self.links_visited.len()
    }

    /// Determine if the budget has a wildcard path and the depth limit distance.
    pub fn determine_limits(&mut self) {
        self.configuration.configure_budget();
        if self.configuration.inner_budget.is_some() {
            let wild_card_budget = match &self.configuration.inner_budget {
                Some(budget) => budget.contains_key(&CaseInsensitiveString::new(WILD_CARD_PATH)),
                _ => false,
            };
            self.configuration.wild_card_budgeting = wild_card_budget;
        }
        if self.configuration.depth > 0 {
            if let Some(segments) = &self.domain_parsed {
                let segments_cnt = segments.len();
                if segments_cnt > self.configuration.depth {
                    self.configuration.depth_distance =
                        self.configuration.depth + self.configuration.depth.abs_diff(segments_cnt);
                } else {
                    self.configuration.depth_distance = self.configuration.depth;
                }
            }
        }
    }

    fn limited_policy(limit: usize) -> Policy {
        Policy::custom(move |attempt: Attempt| {
            if attempt.previous().len() > limit {
                attempt.error("too many redirects")
            } else {
                attempt.follow()
            }
        })
    }

    /// Setup a strict redirect policy for request. All redirects need to match the host.
    pub fn setup_strict_policy(&self) -> Policy {
        let default_policy = Self::limited_policy(self.configuration.redirect_limit);
        let initial_redirect_limit = if self.configuration.respect_robots_txt { 2 } else { 1 };
        let subdomains = self.configuration.subdomains;
        let redirect_limit = self.configuration.redirect_limit;
        let host = self.domain_parsed.clone().unwrap_or_default().join("/");

        let custom_policy = {
            let initial_redirect = Arc::new(AtomicU8::new(0));

            move |attempt: Attempt| {
                if subdomains && attempt.url.contains(host.as_str()) {
                    default_policy.redirect(attempt)
                } else if attempt.previous().len() > redirect_limit {
                    attempt.error("too many redirects")
                } else if (300..400).contains(&attempt.status)
                    && (0..initial_redirect_limit).contains(&initial_redirect.load(Ordering::Relaxed))
                {
                    initial_redirect.fetch_add(1, Ordering::Relaxed);
                    default_policy.redirect(attempt)
                } else {
                    attempt.stop()
                }
            }
        };
        Policy::custom(custom_policy)
    }

    /// Setup redirect policy for the http client.
    pub fn setup_redirect_policy(&self) -> Policy {
        match self.configuration.redirect_policy {
            RedirectPolicy::Loose => Self::limited_policy(self.configuration.redirect_limit),
            RedirectPolicy::None => Policy::none(),
            RedirectPolicy::Strict => self.setup_strict_policy(),
        }
    }

    /// Configure the http client used by the crawl: the client enforces the
    /// request timeout and the redirect policy.
    pub fn configure_http_client(&self) -> crate::redirect::ClientBuilder {
        let mut client = crate::redirect::ClientBuilder::default().redirect(self.setup_redirect_policy());
        if let Some(timeout) = self.configuration.request_timeout {
            client = client.timeout(timeout);
        }
        client
    }

    /// Crawl the given links in order, returning how many were visited.
    pub fn crawl_links(&mut self, links: &[&str]) -> usize {
        self.determine_limits();
        let client = self.configure_http_client();
        for link in links {
            let link = CaseInsensitiveString::new(link);
            match self.is_allowed(&link) {
                ProcessLinkStatus::Allowed => {
                    if client.fetch(link.inner()) {
                        self.links_visited.insert(link);
                    }
                }
                ProcessLinkStatus::BudgetExceeded => break,
                ProcessLinkStatus::Blocked => continue,
            }
        }
        self.size()
    }
}
