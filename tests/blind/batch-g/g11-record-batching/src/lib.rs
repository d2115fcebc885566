//! Batching Kafka producer: records are aggregated up to a byte budget and
//! flushed when the batch is full or has lingered long enough.

pub mod aggregator;
mod batch;

use std::sync::Arc;
use std::time::{Duration, Instant};

use aggregator::{Aggregator, AggregatorStatus, TryPush};
use batch::{BatchBuilder, ResultHandle};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub key: Option<Vec<u8>>,
    pub value: Option<Vec<u8>>,
    pub headers: Vec<(String, Vec<u8>)>,
    pub timestamp_ms: i64,
}

impl Record {
    /// Returns the approximate uncompressed size of this [`Record`]
    pub fn approximate_size(&self) -> usize {
        self.key.as_ref().map(|k| k.len()).unwrap_or_default()
            + self.value.as_ref().map(|v| v.len()).unwrap_or_default()
            + self.headers.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>()
    }
}

#[derive(Debug, Clone)]
pub enum Error {
    Client(Arc<String>),
    Aggregator(String),
    TooLarge,
}

/// Sends one aggregated batch to the partition leader and returns the offsets.
pub trait ProducerClient: std::fmt::Debug + Send + Sync {
    fn produce(&self, records: Vec<Record>) -> Result<Vec<i64>, String>;
}

/// Builder for [`BatchProducer`].
#[derive(Debug)]
pub struct BatchProducerBuilder {
    client: Arc<dyn ProducerClient>,
    linger: Duration,
}

impl BatchProducerBuilder {
    pub fn new(client: Arc<dyn ProducerClient>) -> Self {
        Self { client, linger: Duration::from_millis(5) }
    }

    /// Sets the minimum amount of time to wait for new data before flushing the batch
    pub fn with_linger(self, linger: Duration) -> Self {
        Self { linger, ..self }
    }

    pub fn build<A: Aggregator>(self, aggregator: A) -> BatchProducer<A> {
        BatchProducer {
            linger: self.linger,
            client: self.client,
            batch: Some(BatchBuilder::new(aggregator)),
            batch_started: None,
        }
    }
}

/// A producer that accumulates records and writes them in batches.
#[derive(Debug)]
pub struct BatchProducer<A: Aggregator> {
    linger: Duration,
    client: Arc<dyn ProducerClient>,
    batch: Option<BatchBuilder<A>>,
    batch_started: Option<Instant>,
}

impl<A: Aggregator> BatchProducer<A> {
    /// Write `data` to this producer. The returned handle resolves once the batch
    pub fn produce(&mut self, data: A::Input) -> Result<ResultHandle<A>, Error> {
        let batch = self.batch.as_mut().expect("batch present");
        let data = match batch.try_push(data)? {
            TryPush::Aggregated(handle) => {
                self.batch_started.get_or_insert_with(Instant::now);
                return Ok(handle);
            }
            TryPush::NoCapacity(data) => data,
        };

        // Flush the full batch and try again with an empty one.
        self.flush()?;
        let batch = self.batch.as_mut().expect("batch present");
        match batch.try_push(data)? {
            TryPush::Aggregated(handle) => {
                self.batch_started = Some(Instant::now());
                Ok(handle)
            }
            TryPush::NoCapacity(_) => Err(Error::TooLarge),
        }
    }

    /// Flush the current batch if it has been lingering for long enough.
    pub fn poll_linger(&mut self) -> Result<(), Error> {
        match self.batch_started {
            Some(started) if started.elapsed() >= self.linger => self.flush(),
            _ => Ok(()),
        }
    }

    pub fn flush(&mut self) -> Result<(), Error> {
        self.batch_started = None;
        let batch = self.batch.take().expect("batch present");
        let (next, result) = batch.flush(self.client.as_ref());
        self.batch = Some(next);
        result
    }

    pub fn wait(
        &self,
        handle: ResultHandle<A>,
    ) -> Result<<A as AggregatorStatus>::Status, Error> {
        handle.result()
    }
}
