//! A GitHub API client: listing endpoints and link-header pagination.

pub mod issues;
pub mod page;

use std::fmt;

pub use issues::{IssueState, ListIssuesBuilder};
pub use page::{Page, PageIter};

#[derive(Debug)]
pub enum Error {
    Http { status: u16, url: String },
    Url(String),
    Json(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Http { status, url } => write!(f, "GET {url} failed with status {status}"),
            Error::Url(s) => write!(f, "invalid url: {s}"),
            Error::Json(s) => write!(f, "invalid response body: {s}"),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, Clone, PartialEq)]
pub struct Issue {
    pub number: u64,
    pub title: String,
}

/// Performs GET requests against the API and decodes the resulting page,
/// including the `Link` header relations.
pub trait Transport {
    fn get_page(&self, url: &str) -> Result<Page<Issue>>;
}

/// The entry point; holds the base URL and the transport.
pub struct Octocrab<T: Transport> {
    pub base_uri: String,
    transport: T,
}

impl<T: Transport> Octocrab<T> {
    pub fn new(base_uri: &str, transport: T) -> Self {
        Octocrab { base_uri: base_uri.trim_end_matches('/').to_string(), transport }
    }

    pub fn issues(&self, owner: &str, repo: &str) -> ListIssuesBuilder<'_, T> {
        ListIssuesBuilder::new(self, owner, repo)
    }

    pub fn get_page(&self, url: &str) -> Result<Page<Issue>> {
        self.transport.get_page(url)
    }

    /// Returns the next page after `page`, if there is one.
    pub fn get_next_page(&self, page: &Page<Issue>) -> Result<Option<Page<Issue>>> {
        match &page.next {
            Some(url) => self.get_page(url).map(Some),
            None => Ok(None),
        }
    }
}
