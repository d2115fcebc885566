use crate::task_filters::{self, Filter};
use crate::types as rt;

/// Settings a crawling job is started with; usually deserialized from the
/// crawler's YAML configuration.
#[derive(Clone, Debug)]
pub struct CrawlingSettings {
	pub concurrency:      usize,
	pub max_redirect:     usize,
	pub user_agent:       Option<String>,
	pub max_level:        usize,
	pub page_budget:      usize,
	pub links_per_page_budget: usize,
	pub www_allow:        bool,
}

impl Default for CrawlingSettings {
	fn default() -> Self {
		Self {
			concurrency: 2,
			max_redirect: 5,
			user_agent: Some(String::from("crusty-core/0.1")),
			max_level: 25,
			page_budget: 1000,
			links_per_page_budget: 100,
			www_allow: true,
		}
	}
}

/// The filter chain a job runs every discovered link through.
pub struct JobRules {
	filters: Vec<Box<dyn Filter + Send>>,
}

impl JobRules {
	pub fn new(settings: &CrawlingSettings) -> Self {
		let dedup_checking = task_filters::HashSetDedup::new(true);
		let dedup_committing = dedup_checking.committing();
		Self {
			filters: vec![
				Box::new(task_filters::MaxRedirect::new(settings.max_redirect)),
				Box::new(task_filters::SkipNoFollowLinks::new()),
				Box::new(task_filters::SameDomain::new(settings.www_allow)),
				Box::new(dedup_checking),
				Box::new(task_filters::PageLevel::new(settings.max_level)),
				Box::new(task_filters::TotalPageBudget::new(settings.page_budget)),
				Box::new(task_filters::LinkPerPageBudget::new(settings.links_per_page_budget)),
				Box::new(dedup_committing),
			],
		}
	}

	/// Runs the task through every filter; the first `Skip` or error wins.
	pub fn admit(&mut self, ctx: &mut rt::JobCtx, seq_num: usize, task: &mut rt::Task) -> rt::ExtResult<task_filters::Action> {
		for filter in self.filters.iter_mut() {
			match filter.accept(ctx, seq_num, task)? {
				task_filters::Action::Accept => continue,
				task_filters::Action::Skip => {
					let _ = filter.name();
					return Ok(task_filters::Action::Skip)
				}
			}
		}
		Ok(task_filters::Action::Accept)
	}
}

/// Starts a job context from the settings (the scheduler spawns
/// `settings.concurrency` workers sharing it).
pub fn job_ctx(root_url: &str, settings: &CrawlingSettings) -> (rt::JobCtx, usize) {
	(rt::JobCtx { root_url: root_url.to_string(), user_agent: settings.user_agent.clone() }, settings.concurrency.max(1))
}

#[cfg(test)]
mod tests {
	use super::*;
	use std::sync::Arc;

	#[test]
	fn total_budget_terminates_job() {
		let settings = CrawlingSettings { page_budget: 3, ..Default::default() };
		let (mut ctx, _) = job_ctx("https://example.com/", &settings);
		let mut rules = JobRules::new(&settings);
		let mut results = Vec::new();
		for i in 0..5 {
			let link = rt::Link::new_abs(&format!("https://example.com/{i}"), "", 0, rt::LinkTarget::Follow);
			let mut task = rt::Task { link: Arc::new(link), level: 1 };
			results.push(rules.admit(&mut ctx, i, &mut task));
		}
		assert_eq!(results[2], Ok(task_filters::Action::Accept));
		assert_eq!(results[3], Err(rt::ExtError::Term));
	}
}
