//! Strict mode of a vector database collection: per-request limits checked
//! before execution, and per-replica read/write rate limiters.

pub mod local_shard;
pub mod rate_limiting;
pub mod verification;

/// Strict mode configuration of a collection (loaded from the collection config).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StrictModeConfig {
    /// Whether strict mode is enabled for a collection or not.
    pub enabled: Option<bool>,
    /// Max allowed `limit` parameter for all APIs that don't have their own max limit.
    pub max_query_limit: Option<usize>,
    /// Max allowed `timeout` parameter.
    pub max_timeout: Option<usize>,
    /// Allow usage of unindexed fields in retrieval based (e.g. search) filters.
    pub unindexed_filtering_retrieve: Option<bool>,
    /// Max HNSW ef value allowed in search parameters.
    pub search_max_hnsw_ef: Option<usize>,
    /// Max oversampling value allowed in search.
    pub search_max_oversampling: Option<f64>,
    /// Max batchsize when upserting
    pub upsert_max_batchsize: Option<usize>,
    /// Max batchsize when searching
    pub search_max_batchsize: Option<usize>,
    /// Max number of read operations per minute per replica
    pub read_rate_limit: Option<usize>,
    /// Max number of write operations per minute per replica
    pub write_rate_limit: Option<usize>,
    /// Max conditions a filter can have.
    pub filter_max_conditions: Option<usize>,
    /// Max size of a condition, eg. items in `MatchAny`.
    pub condition_max_size: Option<usize>,
}

impl StrictModeConfig {
    /// `key=value` lines, as found in the collection's config file.
    pub fn parse(text: &str) -> Self {
        let mut config = Self::default();
        for line in text.lines() {
            let Some((key, value)) = line.split_once('=') else { continue };
            let (key, value) = (key.trim(), value.trim());
            let n = value.parse::<usize>().ok();
            let b = value.parse::<bool>().ok();
            match key {
                "enabled" => config.enabled = b,
                "max_query_limit" => config.max_query_limit = n,
                "max_timeout" => config.max_timeout = n,
                "unindexed_filtering_retrieve" => config.unindexed_filtering_retrieve = b,
                "search_max_hnsw_ef" => config.search_max_hnsw_ef = n,
                "search_max_oversampling" => config.search_max_oversampling = value.parse().ok(),
                "upsert_max_batchsize" => config.upsert_max_batchsize = n,
                "search_max_batchsize" => config.search_max_batchsize = n,
                "read_rate_limit" => config.read_rate_limit = n,
                "write_rate_limit" => config.write_rate_limit = n,
                "filter_max_conditions" => config.filter_max_conditions = n,
                "condition_max_size" => config.condition_max_size = n,
                _ => {}
            }
        }
        config
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum CollectionError {
    StrictMode { description: String, solution: String },
    RateLimit { description: String, retry_after: Option<std::time::Duration> },
}

impl CollectionError {
    pub fn strict_mode(description: impl Into<String>, solution: impl Into<String>) -> Self {
        Self::StrictMode { description: description.into(), solution: solution.into() }
    }
}

pub type CollectionResult<T> = Result<T, CollectionError>;

/// A filter: a list of `MatchAny` conditions on payload keys.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub must: Vec<(String, Vec<String>)>,
}

impl Filter {
    pub fn total_conditions_count(&self) -> usize { self.must.len() }
    pub fn max_condition_input_size(&self) -> usize { self.must.iter().map(|(_, any)| any.len()).max().unwrap_or(0) }
}
