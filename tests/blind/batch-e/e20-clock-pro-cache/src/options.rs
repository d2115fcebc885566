use std::fmt;

/// Cache options. Built with [OptionsBuilder].
#[derive(Debug, Clone)]
pub struct Options {
    pub(crate) hot_allocation: f64,
    pub(crate) ghost_allocation: f64,
    pub(crate) estimated_items_capacity: usize,
    pub(crate) weight_capacity: u64,
}

/// Builder for [Options].
#[derive(Debug, Clone, Default)]
pub struct OptionsBuilder {
    hot_allocation: Option<f64>,
    ghost_allocation: Option<f64>,
    estimated_items_capacity: Option<usize>,
    weight_capacity: Option<u64>,
}

/// Error for [OptionsBuilder].
#[derive(Debug, Clone)]
pub struct Error(&'static str);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for Error {}

impl OptionsBuilder {
    #[inline]
    pub fn new() -> Self {
        Self::default()
    }

    /// What percentage of the weight capacity is reserved for hot items (0.0 ..= 1.0).
    #[inline]
    pub fn hot_allocation(&mut self, hot_allocation: f64) -> &mut Self {
        self.hot_allocation = Some(hot_allocation);
        self
    }

    /// How many ghost (non-resident) entries to keep relative to the items capacity.
    #[inline]
    pub fn ghost_allocation(&mut self, ghost_allocation: f64) -> &mut Self {
        self.ghost_allocation = Some(ghost_allocation);
        self
    }

    /// Estimated number of items the cache is expected to hold.
    #[inline]
    pub fn estimated_items_capacity(&mut self, estimated_items_capacity: usize) -> &mut Self {
        self.estimated_items_capacity = Some(estimated_items_capacity);
        self
    }

    /// Total weight capacity of the cache.
    #[inline]
    pub fn weight_capacity(&mut self, weight_capacity: u64) -> &mut Self {
        self.weight_capacity = Some(weight_capacity);
        self
    }

    /// Builds an `Option` struct which can be used in the `Cache::with_options` constructor.
    pub fn build(&self) -> Result<Options, Error> {
        let hot_allocation = self.hot_allocation.unwrap_or(0.97);
        let ghost_allocation = self.ghost_allocation.unwrap_or(0.5);
        let weight_capacity = self.weight_capacity.ok_or(Error("weight_capacity is not set"))?;
        let estimated_items_capacity = self
            .estimated_items_capacity
            .ok_or(Error("estimated_items_capacity is not set"))?;
        if !(0.0..=1.0).contains(&hot_allocation) {
            return Err(Error("hot_allocation must be within [0, 1]"));
        }
        if !(0.0..=1.0).contains(&ghost_allocation) {
            return Err(Error("ghost_allocation must be within [0, 1]"));
        }
        Ok(Options {
            hot_allocation,
            ghost_allocation,
            estimated_items_capacity,
            weight_capacity,
        })
    }
}
