use std::sync::{Arc, Mutex};

use super::aggregator::{self, Aggregator, StatusDeaggregator, TryPush};
use super::{Error, ProducerClient};

pub(super) type BatchWriteResult<A> = Result<Arc<AggregatedStatus<A>>, Error>;

/// The result of a batch Kafka write, and the deaggregator implementation to
/// demux the batch of responses to individual results produce() call.
#[derive(Debug)]
pub(super) struct AggregatedStatus<A: Aggregator> {
    aggregated_status: Vec<i64>,
    status_deagg: <A as Aggregator>::StatusDeaggregator,
}

/// Stand-in for a broadcast-once channel: all handles of one batch share the slot.
type BroadcastOnce<A> = Arc<Mutex<Option<BatchWriteResult<A>>>>;

/// A result handle obtained by adding an input to the aggregator.
#[derive(Debug)]
pub struct ResultHandle<A: Aggregator> {
    receiver: BroadcastOnce<A>,
    tag: A::Tag,
}

impl<A: Aggregator> ResultHandle<A> {
    /// Return the demuxed result of the produce() call.
    pub(super) fn result(self) -> Result<<A as aggregator::AggregatorStatus>::Status, Error> {
        let status = self
            .receiver
            .lock()
            .unwrap()
            .clone()
            .ok_or_else(|| Error::Aggregator("batch not flushed yet".to_string()))?;
        let status = status?;
        status
            .status_deagg
            .deaggregate(&status.aggregated_status, self.tag)
            .map_err(|e| Error::Aggregator(e.to_string()))
    }
}

/// A [`BatchBuilder`] uses an [`Aggregator`] to construct maximally large batch
/// of writes, and returning a [`ResultHandle`] for callers to demux the result.
#[derive(Debug)]
pub(crate) struct BatchBuilder<A: Aggregator> {
    aggregator: A,
    results: BroadcastOnce<A>,
}

impl<A: Aggregator> BatchBuilder<A> {
    pub(crate) fn new(aggregator: A) -> Self {
        Self {
            aggregator,
            results: Default::default(),
        }
    }

    /// Attempt to place this `data` into the underlying [`Aggregator`] impl.
    pub(super) fn try_push(
        &mut self,
        data: A::Input,
    ) -> Result<TryPush<A::Input, ResultHandle<A>>, Error> {
        match self
            .aggregator
            .try_push(data)
            .map_err(|e| Error::Aggregator(e.to_string()))?
        {
            TryPush::NoCapacity(data) => Ok(TryPush::NoCapacity(data)),
            TryPush::Aggregated(tag) => Ok(TryPush::Aggregated(ResultHandle {
                receiver: Arc::clone(&self.results),
                tag,
            })),
        }
    }

    /// Write the aggregated batch and broadcast the outcome to all handles.
    pub(super) fn flush(mut self, client: &dyn ProducerClient) -> (Self, Result<(), Error>) {
        let (batch, status_deagg) = match self.aggregator.flush() {
            Ok(v) => v,
            Err(e) => return (Self::new(self.aggregator), Err(Error::Aggregator(e.to_string()))),
        };

        let res = if batch.is_empty() {
            Ok(Arc::new(AggregatedStatus { aggregated_status: vec![], status_deagg }))
        } else {
            match client.produce(batch) {
                Ok(status) => Ok(Arc::new(AggregatedStatus { aggregated_status: status, status_deagg })),
                Err(e) => Err(Error::Client(Arc::new(e))),
            }
        };
        let outcome = res.as_ref().map(|_| ()).map_err(Clone::clone);
        *self.results.lock().unwrap() = Some(res);

        (Self::new(self.aggregator), outcome)
    }
}
