//! Event batching for sinks of an observability pipeline: batches are cut
//! when they reach an item limit, a size limit, or a timeout.

pub mod batcher;
pub mod data;
pub mod limiter;

use std::num::NonZeroUsize;
use std::time::Duration;

use data::BatchData;
use limiter::{ItemBatchSize, SizeLimit};

/// Sink-level batch configuration, as written in the pipeline's config file.
#[derive(Debug, Clone, Copy, Default)]
pub struct SinkBatchConfig {
    /// The maximum size of a batch that is processed by a sink.
    pub max_bytes: Option<usize>,
    /// The maximum size of a batch before it is flushed.
    pub max_events: Option<usize>,
    /// The maximum age of a batch before it is flushed.
    pub timeout_secs: Option<f64>,
}

impl SinkBatchConfig {
    pub fn parse(text: &str) -> Self {
        let mut config = Self::default();
        for (key, value) in text.lines().filter_map(|l| l.split_once('=')) {
            match key.trim() {
                "batch.max_bytes" => config.max_bytes = value.trim().parse().ok(),
                "batch.max_events" => config.max_events = value.trim().parse().ok(),
                "batch.timeout_secs" => config.timeout_secs = value.trim().parse().ok(),
                _ => {}
            }
        }
        config
    }

    /// Fill in the sink's defaults and build the batcher settings.
    pub fn into_batcher_settings(self, default_bytes: usize, default_events: usize) -> BatcherSettings {
        let size = NonZeroUsize::new(self.max_bytes.unwrap_or(default_bytes)).unwrap_or(NonZeroUsize::MIN);
        let items = NonZeroUsize::new(self.max_events.unwrap_or(default_events)).unwrap_or(NonZeroUsize::MIN);
        let timeout = Duration::from_secs_f64(self.timeout_secs.unwrap_or(1.0));
        BatcherSettings::new(timeout, size, items)
    }
}

/// Controls the behavior of the batcher in terms of batch size and flush interval.
#[derive(Copy, Clone, Debug)]
pub struct BatcherSettings {
    pub timeout: Duration,
    pub size_limit: usize,
    pub item_limit: usize,
}

impl BatcherSettings {
    pub const fn new(timeout: Duration, size_limit: NonZeroUsize, item_limit: NonZeroUsize) -> Self {
        BatcherSettings { timeout, size_limit: size_limit.get(), item_limit: item_limit.get() }
    }

    /// A batcher config using the `ItemBatchSize` trait to determine batch sizes.
    /// The output is a `Vec<T>`.
    pub fn as_item_size_config<T, I>(&self, item_size: I) -> batcher::BatchConfigParts<SizeLimit<I>, Vec<T>>
    where
        I: ItemBatchSize<T>,
    {
        batcher::BatchConfigParts {
            batch_limiter: SizeLimit {
                batch_size_limit: self.size_limit,
                batch_item_limit: self.item_limit,
                current_size: 0,
                item_size_calculator: item_size,
            },
            batch_data: vec![],
            timeout: self.timeout,
        }
    }

    /// A batcher config that reduces items into a single value as they arrive.
    pub fn as_reducer_config<I, T, B>(&self, item_size: I, reducer: B) -> batcher::BatchConfigParts<SizeLimit<I>, B>
    where
        I: ItemBatchSize<T>,
        B: BatchData<T>,
    {
        batcher::BatchConfigParts {
            batch_limiter: SizeLimit {
                batch_size_limit: self.size_limit,
                batch_item_limit: self.item_limit,
                current_size: 0,
                item_size_calculator: item_size,
            },
            batch_data: reducer,
            timeout: self.timeout,
        }
    }
}
