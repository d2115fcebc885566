use crate::{CollectionError, CollectionResult, Filter, StrictModeConfig};
use std::fmt::Display;

#[derive(Debug, Clone, Copy, Default)]
pub struct SearchParams {
    pub hnsw_ef: Option<usize>,
    pub oversampling: Option<f64>,
}

/// Trait to verify strict mode for requests.
pub trait StrictModeVerification {
    /// Implementing this method allows adding a custom check for request specific values.
    fn check_custom(&self, _strict_mode_config: &StrictModeConfig) -> CollectionResult<()> {
        Ok(())
    }

    /// Implement this to check the limit of a request.
    fn query_limit(&self) -> Option<usize>;

    fn indexed_filter_read(&self) -> Option<&Filter>;

    fn request_search_params(&self) -> Option<&SearchParams>;

    /// Checks the request limit.
    fn check_request_query_limit(&self, strict_mode_config: &StrictModeConfig) -> CollectionResult<()> {
        check_limit_opt(self.query_limit(), strict_mode_config.max_query_limit, "limit")
    }

    /// Checks search parameters.
    fn check_search_params(&self, strict_mode_config: &StrictModeConfig) -> CollectionResult<()> {
        if let Some(search_params) = self.request_search_params() {
            search_params.check_strict_mode(strict_mode_config)?;
        }
        Ok(())
    }

    // Checks all filters use indexed fields only.
    fn check_request_filter(&self, strict_mode_config: &StrictModeConfig) -> CollectionResult<()> {
        let check_filter = |filter: Option<&Filter>, allow_unindexed_filter: Option<bool>| -> CollectionResult<()> {
            let Some(filter) = filter else {
                return Ok(());
            };
            if allow_unindexed_filter == Some(false) && filter.must.iter().any(|(key, _)| key.starts_with('_')) {
                return Err(CollectionError::strict_mode("Index required", "Create an index for this key."));
            }
            check_filter_limits(filter, strict_mode_config)?;
            Ok(())
        };
        check_filter(self.indexed_filter_read(), strict_mode_config.unindexed_filtering_retrieve)
    }

    /// Does the verification of all configured parameters.
    fn check_strict_mode(&self, strict_mode_config: &StrictModeConfig) -> CollectionResult<()> {
        self.check_custom(strict_mode_config)?;
        self.check_request_query_limit(strict_mode_config)?;
        self.check_request_filter(strict_mode_config)?;
        self.check_search_params(strict_mode_config)?;
        Ok(())
    }
}

fn check_filter_limits(filter: &Filter, strict_mode_config: &StrictModeConfig) -> CollectionResult<()> {
    // Filter condition count limit
    if let Some(filter_condition_limit) = strict_mode_config.filter_max_conditions {
        let filter_conditions = filter.total_conditions_count();
        if !check_custom(|| Some(filter_conditions), Some(filter_condition_limit)) {
            return Err(CollectionError::strict_mode(
                format!("Filter condition limit reached ({filter_conditions} > {filter_condition_limit})"),
                "Reduce the amount of conditions of your filter.",
            ));
        }
    }

    // Filter condition size limit
    if let Some(max_condition_size) = strict_mode_config.condition_max_size {
        let input_condition_size = filter.max_condition_input_size();
        if !check_custom(|| Some(input_condition_size), Some(max_condition_size)) {
            return Err(CollectionError::strict_mode(
                format!("Condition size limit reached ({input_condition_size} > {max_condition_size})"),
                "Reduce the size of your condition.",
            ));
        }
    }
    Ok(())
}

pub fn check_timeout(timeout: usize, strict_mode_config: &StrictModeConfig) -> CollectionResult<()> {
    check_limit_opt(Some(timeout), strict_mode_config.max_timeout, "timeout")
}

pub fn check_search_batch_size(batch_size: usize, strict_mode_config: &StrictModeConfig) -> CollectionResult<()> {
    check_limit_opt(Some(batch_size), strict_mode_config.search_max_batchsize, "search batch size")
}

pub fn check_upsert_batch_size(points: usize, strict_mode_config: &StrictModeConfig) -> CollectionResult<()> {
    check_limit_opt(Some(points), strict_mode_config.upsert_max_batchsize, "upsert limit")
}

pub(crate) fn check_limit_opt<T: PartialOrd + Display>(value: Option<T>, limit: Option<T>, name: &str) -> CollectionResult<()> {
    let (Some(limit), Some(value)) = (limit, value) else {
        return Ok(());
    };
    if value > limit {
        return Err(CollectionError::strict_mode(
            format!("Limit exceeded {value} > {limit} for \"{name}\""),
            format!("Reduce the \"{name}\" parameter to or below {limit}."),
        ));
    }
    Ok(())
}

pub(crate) fn check_custom<T: PartialOrd>(value_fn: impl FnOnce() -> Option<T>, limit: Option<T>) -> bool {
    let Some(limit) = limit else {
        return true;
    };
    let Some(value) = value_fn() else {
        return true;
    };
    value <= limit
}

impl StrictModeVerification for SearchParams {
    fn check_custom(&self, strict_mode_config: &StrictModeConfig) -> CollectionResult<()> {
        check_limit_opt(self.oversampling, strict_mode_config.search_max_oversampling, "oversampling")?;
        check_limit_opt(self.hnsw_ef, strict_mode_config.search_max_hnsw_ef, "hnsw_ef")?;
        Ok(())
    }
    fn query_limit(&self) -> Option<usize> {
        None
    }
    fn indexed_filter_read(&self) -> Option<&Filter> {
        None
    }
    fn request_search_params(&self) -> Option<&SearchParams> {
        None
    }
}

/// A search request as received by the REST API.
#[derive(Debug, Clone, Default)]
pub struct SearchRequest {
    pub limit: usize,
    pub filter: Option<Filter>,
    pub params: Option<SearchParams>,
}

impl StrictModeVerification for SearchRequest {
    fn query_limit(&self) -> Option<usize> {
        Some(self.limit)
    }
    fn indexed_filter_read(&self) -> Option<&Filter> {
        self.filter.as_ref()
    }
    fn request_search_params(&self) -> Option<&SearchParams> {
        self.params.as_ref()
    }
}
