use crate::page::{Page, PageIter};
use crate::{Issue, Octocrab, Result, Transport};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IssueState {
    Open,
    Closed,
    All,
}

impl IssueState {
    fn as_str(self) -> &'static str {
        match self {
            IssueState::Open => "open",
            IssueState::Closed => "closed",
            IssueState::All => "all",
        }
    }
}

/// Builder for `GET /repos/{owner}/{repo}/issues`.
pub struct ListIssuesBuilder<'octo, T: Transport> {
    crab: &'octo Octocrab<T>,
    owner: String,
    repo: String,
    state: Option<IssueState>,
    labels: Option<Vec<String>>,
    per_page: Option<u8>,
    page: Option<u32>,
}

impl<'octo, T: Transport> ListIssuesBuilder<'octo, T> {
    pub(crate) fn new(crab: &'octo Octocrab<T>, owner: &str, repo: &str) -> Self {
        Self {
            crab,
            owner: owner.to_string(),
            repo: repo.to_string(),
            state: None,
            labels: None,
            per_page: None,
            page: None,
        }
    }

    /// Filter issues by state.
    pub fn state(mut self, state: IssueState) -> Self {
        self.state = Some(state);
        self
    }

    /// Only return issues with all of these labels.
    pub fn labels(mut self, labels: &[&str]) -> Self {
        self.labels = Some(labels.iter().map(|l| l.to_string()).collect());
        self
    }

    /// Results per page (max 100).
    pub fn per_page(mut self, per_page: impl Into<u8>) -> Self {
        self.per_page = Some(per_page.into());
        self
    }

    /// Page number of the results to fetch.
    pub fn page(mut self, page: impl Into<u32>) -> Self {
        self.page = Some(page.into());
        self
    }

    fn url(&self) -> String {
        let mut params = Vec::new();
        if let Some(state) = self.state {
            params.push(format!("state={}", state.as_str()));
        }
        if let Some(labels) = &self.labels {
            params.push(format!("labels={}", labels.join(",")));
        }
        if let Some(per_page) = self.per_page {
            params.push(format!("per_page={per_page}"));
        }
        if let Some(page) = self.page {
            params.push(format!("page={page}"));
        }
        let mut url = format!("{}/repos/{}/{}/issues", self.crab.base_uri, self.owner, self.repo);
        if !params.is_empty() {
            url.push('?');
            url.push_str(&params.join("&"));
        }
        url
    }

    /// Sends the actual request.
    pub fn send(self) -> Result<Page<Issue>> {
        self.crab.get_page(&self.url())
    }

    /// Sends the request and iterates over the issues of every page, up to
    /// `max_items` issues when given.
    pub fn stream(self, max_items: Option<usize>) -> Result<PageIter<'octo, T>> {
        let crab = self.crab;
        let first = self.send()?;
        Ok(PageIter::new(crab, first, max_items))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// Serves `total` issues, `per_page` at a time.
    struct Fake {
        total: u64,
        per_page: u64,
        requests: Cell<usize>,
    }

    impl Transport for Fake {
        fn get_page(&self, url: &str) -> Result<Page<Issue>> {
            self.requests.set(self.requests.get() + 1);
            let page: u64 = url
                .split(['?', '&'])
                .find_map(|kv| kv.strip_prefix("page="))
                .and_then(|v| v.parse().ok())
                .unwrap_or(1);
            let start = (page - 1) * self.per_page;
            let end = (start + self.per_page).min(self.total);
            let items = (start..end).map(|n| Issue { number: n + 1, title: format!("#{}", n + 1) }).collect();
            let mut p = Page::default();
            p.items = items;
            if end < self.total {
                p.next = Some(format!("https://api.github.com/repos/o/r/issues?per_page={}&page={}", self.per_page, page + 1));
            }
            Ok(p)
        }
    }

    #[test]
    fn max_items_stops_fetching() {
        let crab = Octocrab::new("https://api.github.com", Fake { total: 10, per_page: 2, requests: Cell::new(0) });
        let issues: Vec<_> = crab
            .issues("o", "r")
            .state(IssueState::Open)
            .per_page(2u8)
            .stream(Some(4))
            .unwrap()
            .collect::<Result<_>>()
            .unwrap();
        assert_eq!(issues.len(), 4);
    }

    #[test]
    fn url_carries_query() {
        let crab = Octocrab::new("https://api.github.com/", Fake { total: 0, per_page: 1, requests: Cell::new(0) });
        let b = crab.issues("rust-lang", "rust").labels(&["C-bug", "T-compiler"]).per_page(50u8).page(3u32);
        assert_eq!(
            b.url(),
            "https://api.github.com/repos/rust-lang/rust/issues?labels=C-bug,T-compiler&per_page=50&page=3"
        );
    }
}
