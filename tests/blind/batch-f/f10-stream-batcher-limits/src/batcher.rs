use std::time::{Duration, Instant};

use crate::data::BatchData;
use crate::limiter::BatchLimiter;

pub struct BatchConfigParts<L, D> {
    pub batch_limiter: L,
    pub batch_data: D,
    pub timeout: Duration,
}

pub trait BatchConfig<T> {
    type ItemMetadata;
    type Batch;

    /// Returns the number of elements in the batch
    fn len(&self) -> usize;

    /// Determines whether the batch is empty or not
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Returns the current batch, and resets any internal state
    fn take_batch(&mut self) -> Self::Batch;

    /// Adds a single item to the batch, with the given metadata that was calculated by `item_fits_in_batch`
    fn push(&mut self, item: T, metadata: Self::ItemMetadata);

    /// Returns true if it is not possible for another item to fit in the batch
    fn is_batch_full(&self) -> bool;

    /// It is safe to assume that `is_batch_full` would return `false` before this is called.
    fn item_fits_in_batch(&self, item: &T) -> (bool, Self::ItemMetadata);

    /// Returns the maximum amount of time to wait for inputs to a single batch.
    fn timeout(&self) -> Duration;
}

impl<T, L, B> BatchConfig<T> for BatchConfigParts<L, B>
where
    L: BatchLimiter<T, B>,
    B: BatchData<T>,
{
    type ItemMetadata = L::ItemMetadata;
    type Batch = B::Batch;

    fn len(&self) -> usize {
        self.batch_data.len()
    }

    fn take_batch(&mut self) -> Self::Batch {
        self.batch_limiter.reset();
        self.batch_data.take_batch()
    }

    fn push(&mut self, item: T, metadata: Self::ItemMetadata) {
        self.batch_data.push_item(item);
        self.batch_limiter.push_item(metadata);
    }

    fn is_batch_full(&self) -> bool {
        self.batch_limiter.is_batch_full(&self.batch_data)
    }

    fn item_fits_in_batch(&self, item: &T) -> (bool, Self::ItemMetadata) {
        self.batch_limiter.item_fits_in_batch(item, &self.batch_data)
    }

    fn timeout(&self) -> Duration {
        self.timeout
    }
}

/// Batches a stream of timestamped items (the async `Stream` of the original,
/// driven here by an iterator of arrival times).
pub struct Batcher<S, C> {
    state: C,
    stream: S,
    timer: Option<Instant>,
}

impl<S, C, T> Batcher<S, C>
where
    S: Iterator<Item = (Instant, T)>,
    C: BatchConfig<T>,
{
    pub fn new(stream: S, config: C) -> Self {
        Self { state: config, stream, timer: None }
    }
}

impl<S, C, T> Iterator for Batcher<S, C>
where
    S: Iterator<Item = (Instant, T)>,
    C: BatchConfig<T>,
{
    type Item = C::Batch;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            match self.stream.next() {
                None => {
                    return if self.state.is_empty() { None } else { Some(self.state.take_batch()) };
                }
                Some((arrived, item)) => {
                    if let Some(deadline) = self.timer {
                        if arrived >= deadline {
                            // The timer fired before this item arrived.
                            let output = self.state.take_batch();
                            let (_, item_metadata) = self.state.item_fits_in_batch(&item);
                            self.state.push(item, item_metadata);
                            self.timer = Some(arrived + self.state.timeout());
                            return Some(output);
                        }
                    }
                    let (item_fits, item_metadata) = self.state.item_fits_in_batch(&item);
                    if item_fits {
                        self.state.push(item, item_metadata);
                        if self.state.is_batch_full() {
                            self.timer = None;
                            return Some(self.state.take_batch());
                        } else if self.state.len() == 1 {
                            self.timer = Some(arrived + self.state.timeout());
                        }
                    } else {
                        let output = self.state.take_batch();
                        self.state.push(item, item_metadata);
                        self.timer = Some(arrived + self.state.timeout());
                        return Some(output);
                    }
                }
            }
        }
    }
}
