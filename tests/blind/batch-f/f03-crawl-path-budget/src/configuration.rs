use crate::CaseInsensitiveString;
use std::collections::HashMap;
use std::time::Duration;

/// The redirect policy type to use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum RedirectPolicy {
    #[default]
    Loose,
    Strict,
    None,
}

/// Structure to configure `Website` crawler
#[derive(Debug, Clone)]
pub struct Configuration {
    pub respect_robots_txt: bool,
    pub subdomains: bool,
    /// List of pages to not crawl.
    pub blacklist_url: Vec<String>,
    /// Request max timeout per page.
    pub request_timeout: Option<Duration>,
    /// The max redirections allowed for request.
    pub redirect_limit: usize,
    /// The redirect policy type to use.
    pub redirect_policy: RedirectPolicy,
    /// The max depth to crawl for a website. Defaults to 25 to help prevent infinite recursion.
    pub depth: usize,
    /// The depth to crawl pertaining to the root.
    pub depth_distance: usize,
    /// Crawl budget for the paths. This helps prevent crawling extra pages and limiting the amount.
    pub budget: Option<HashMap<CaseInsensitiveString, u32>>,
    /// If wild card budgeting is found for the website.
    pub wild_card_budgeting: bool,
    /// Cache the budget for the crawl; consumed while crawling.
    pub inner_budget: Option<HashMap<CaseInsensitiveString, u32>>,
}

impl Default for Configuration {
    fn default() -> Self {
        Self {
            respect_robots_txt: false,
            subdomains: false,
            blacklist_url: Vec::new(),
            request_timeout: Some(Duration::from_secs(120)),
            redirect_limit: 7,
            redirect_policy: RedirectPolicy::default(),
            depth: 25,
            depth_distance: 0,
            budget: None,
            wild_card_budgeting: false,
            inner_budget: None,
        }
    }
}

impl Configuration {
    /// Setup the budget for crawling.
    pub fn configure_budget(&mut self) {
        self.inner_budget.clone_from(&self.budget);
    }

    /// Set a crawl page budget for the paths, `*` applies to every page.
    pub fn with_budget(&mut self, budget: Option<HashMap<&str, u32>>) -> &mut Self {
        self.budget = budget.map(|b| b.into_iter().map(|(k, v)| (CaseInsensitiveString::new(k), v)).collect());
        self
    }
}
