use std::sync::Arc;

#[derive(Clone, Debug, PartialEq)]
pub enum LinkTarget {
	Head,
	Load,
	HeadLoad,
	Follow,
}

#[derive(Clone, Debug)]
pub struct Link {
	pub url:       String,
	pub rel:       String,
	pub target:    LinkTarget,
	pub redirect:  usize,
	pub is_waker:  bool,
}

impl Link {
	pub fn new_abs(url: &str, rel: &str, redirect: usize, target: LinkTarget) -> Self {
		Link { url: url.to_string(), rel: rel.to_string(), target, redirect, is_waker: false }
	}
}

#[derive(Clone, Debug)]
pub struct Task {
	pub link:  Arc<Link>,
	pub level: usize,
}

impl Task {
	pub fn is_root(&self) -> bool {
		self.level == 0
	}
}

#[derive(Debug, PartialEq)]
pub enum ExtError {
	/// Stop the whole job: a budget has run out.
	Term,
	Other(String),
}

pub type ExtResult<T> = Result<T, ExtError>;

/// Per-job context handed to every filter.
pub struct JobCtx {
	pub root_url:   String,
	pub user_agent: Option<String>,
}
