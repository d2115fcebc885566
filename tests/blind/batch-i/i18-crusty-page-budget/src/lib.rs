//! Task filters deciding which discovered links a crawling job follows.

#[macro_use]
mod macro_helpers {
    macro_rules! name {
    	() => {
    		fn name(&self) -> &'static str {
    			Self::struct_name()
    		}
    	};
    }

    macro_rules! struct_name {
    	() => {
    		pub fn struct_name() -> &'static str {
    			let full = std::any::type_name::<Self>();
    			full.rsplit("::").next().unwrap_or(full)
    		}
    	};
    }
}
pub mod config;
pub mod task_filters;
pub mod types;

pub use config::{CrawlingSettings, JobRules};
