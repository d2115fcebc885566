//! Crawl budgeting of a web crawler: per-path page budgets, a wildcard
//! budget, a depth limit relative to the start URL and a redirect policy.

pub mod configuration;
pub mod redirect;
pub mod website;

/// Case insensitive string used as key of the budget map.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct CaseInsensitiveString(String);

impl CaseInsensitiveString {
    pub fn new(s: &str) -> Self { Self(s.to_ascii_lowercase()) }
    pub fn push_str(&mut self, s: &str) { self.0.push_str(&s.to_ascii_lowercase()) }
    pub fn inner(&self) -> &str { &self.0 }
}

/// The wildcard budget key.
pub const WILD_CARD_PATH: &str = "*";

/// Path part of an absolute url (`https://host/a/b?x` -> `/a/b`).
pub fn get_path_from_url(url: &CaseInsensitiveString) -> &str {
    let s = url.inner();
    let after_scheme = s.find("://").map(|i| &s[i + 3..]).unwrap_or(s);
    let path = after_scheme.find('/').map(|i| &after_scheme[i..]).unwrap_or("/");
    path.split(['?', '#']).next().unwrap_or("/")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProcessLinkStatus {
    Allowed,
    Blocked,
    BudgetExceeded,
}
