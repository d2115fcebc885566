use std::sync::{Arc, Mutex};

use crate::types as rt;
use crate::types::ExtError;

#[derive(Clone, PartialEq, Debug, Copy)]
pub enum Action {
	Accept,
	Skip,
}
pub type Result = rt::ExtResult<Action>;

pub trait Filter {
	// filter can have an optional name
	fn name(&self) -> &'static str {
		"no name"
	}
	// the job of a filter is to determine what to do with a certain task - accept/skip
	fn accept(&mut self, ctx: &mut rt::JobCtx, task_seq_num: usize, task: &mut rt::Task) -> Result;
}

pub struct SameDomain {
	strip_prefix: String,
}

pub struct TotalPageBudget {
	allocated_budget: usize,
	budget:           usize,
}

pub struct LinkPerPageBudget {
	current_task_seq_num:      usize,
	links_within_current_task: usize,
	allocated_budget:          usize,
}

pub struct PageLevel {
	max_level: usize,
}

pub struct MaxRedirect {
	max_redirect: usize,
}

#[derive(Default, Clone)]
pub struct HashSetDedup {
	visited:     Arc<Mutex<std::collections::HashSet<String>>>,
	is_checking: bool,
}

#[derive(Default)]
pub struct SkipNoFollowLinks {}

fn host_of(url: &str) -> &str {
	let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
	rest.split(['/', '?', '#']).next().unwrap_or("")
}

impl Filter for SameDomain {
	name! {}

	fn accept(&mut self, ctx: &mut rt::JobCtx, _: usize, task: &mut rt::Task) -> Result {
		let domain = host_of(&task.link.url);
		let root_domain = host_of(&ctx.root_url);
		if root_domain.strip_prefix(&self.strip_prefix).unwrap_or(root_domain)
			== domain.strip_prefix(&self.strip_prefix).unwrap_or(domain)
		{
			return Ok(Action::Accept)
		}
		Ok(Action::Skip)
	}
}

impl SameDomain {
	struct_name! {}

	pub fn new(www_allow: bool) -> Self {
		let mut strip_prefix = "";
		if www_allow {
			strip_prefix = "www.";
		}
		Self { strip_prefix: String::from(strip_prefix) }
	}
}

impl Filter for TotalPageBudget {
	name! {}

	fn accept(&mut self, _ctx: &mut rt::JobCtx, _: usize, _: &mut rt::Task) -> Result {
		if self.budget >= self.allocated_budget {
			return Err(ExtError::Term)
		}
		self.budget += 1;
		Ok(Action::Accept)
	}
}

impl TotalPageBudget {
	struct_name! {}

	pub fn new(allocated_budget: usize) -> Self {
		Self { allocated_budget, budget: 0 }
	}
}

impl Filter for LinkPerPageBudget {
	name! {}

	fn accept(&mut self, _ctx: &mut rt::JobCtx, seq_num: usize, _: &mut rt::Task) -> Result {
		if seq_num > self.current_task_seq_num {
			self.links_within_current_task = 0;
			self.current_task_seq_num = seq_num;
		}
		self.links_within_current_task += 1;
		if self.links_within_current_task > self.allocated_budget {
			return Err(ExtError::Term)
		}
		Ok(Action::Accept)
	}
}

impl LinkPerPageBudget {
	struct_name! {}

	pub fn new(allocated_budget: usize) -> Self {
		Self { allocated_budget, current_task_seq_num: 0, links_within_current_task: 0 }
	}
}

impl Filter for PageLevel {
	name! {}

	fn accept(&mut self, _ctx: &mut rt::JobCtx, _: usize, task: &mut rt::Task) -> Result {
		if task.level >= self.max_level {
			return Err(ExtError::Term)
		}
		Ok(Action::Accept)
	}
}

impl PageLevel {
	struct_name! {}

	pub fn new(max_level: usize) -> Self {
		Self { max_level }
	}
}

impl Filter for HashSetDedup {
	name! {}

	fn accept(&mut self, _ctx: &mut rt::JobCtx, _: usize, task: &mut rt::Task) -> Result {
		let mut visited = self.visited.lock().unwrap();

		if self.is_checking {
			if visited.contains(task.link.url.as_str()) {
				return Ok(Action::Skip)
			}
			return Ok(Action::Accept)
		}

		visited.insert(task.link.url.to_string());
		Ok(Action::Accept)
	}
}

impl HashSetDedup {
	struct_name! {}

	pub fn new(is_checking: bool) -> Self {
		Self { visited: Arc::new(Mutex::new(std::collections::HashSet::new())), is_checking }
	}

	pub fn committing(&self) -> Self {
		let mut filter = self.clone();
		filter.is_checking = false;
		filter
	}
}

impl Filter for MaxRedirect {
	name! {}

	fn accept(&mut self, _ctx: &mut rt::JobCtx, _: usize, task: &mut rt::Task) -> Result {
		if task.link.redirect > self.max_redirect {
			return Ok(Action::Skip)
		}
		Ok(Action::Accept)
	}
}

impl MaxRedirect {
	struct_name! {}

	pub fn new(max_redirect: usize) -> Self {
		Self { max_redirect }
	}
}

impl Filter for SkipNoFollowLinks {
	name! {}

	fn accept(&mut self, _ctx: &mut rt::JobCtx, _: usize, task: &mut rt::Task) -> Result {
		if task.link.rel.to_lowercase() == "no-follow" {
			return Ok(Action::Skip)
		}
		Ok(Action::Accept)
	}
}

impl SkipNoFollowLinks {
	struct_name! {}

	pub fn new() -> Self {
		Self {}
	}
}
