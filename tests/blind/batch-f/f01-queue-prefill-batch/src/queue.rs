use crate::client::{Batch, Request};
use crate::{debug, metrics, ValidGenerateRequest};
use std::cmp::min;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Instant;

/// Response channel to the HTTP handler; closed when the client went away.
#[derive(Debug, Clone, Default)]
pub struct ResponseSender {
    closed: Arc<AtomicBool>,
}

impl ResponseSender {
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Acquire)
    }
}

/// Queue entry
#[derive(Debug)]
pub struct Entry {
    pub request: ValidGenerateRequest,
    /// Response sender to communicate between the Infer struct and the batching_task
    pub response_tx: ResponseSender,
    pub queue_time: Instant,
    pub batch_time: Option<Instant>,
}

pub type NextBatch = (HashMap<u64, Entry>, Batch);

enum QueueCommand {
    Append(Box<Entry>),
    NextBatch {
        min_size: Option<usize>,
        max_size: Option<usize>,
        prefill_token_budget: u32,
        token_budget: u32,
        response_sender: mpsc::Sender<Option<NextBatch>>,
    },
}

/// Request Queue; the state lives in a background task.
#[derive(Clone)]
pub struct Queue {
    queue_sender: mpsc::Sender<QueueCommand>,
}

impl Queue {
    pub fn new(requires_padding: bool, block_size: u32, window_size: Option<u32>, speculate: u32) -> Self {
        let (queue_sender, queue_receiver) = mpsc::channel();
        std::thread::spawn(move || {
            queue_task(requires_padding, block_size, window_size, speculate, queue_receiver)
        });
        Self { queue_sender }
    }

    pub fn append(&self, entry: Entry) {
        self.queue_sender.send(QueueCommand::Append(Box::new(entry))).unwrap();
    }

    pub fn next_batch(&self, min_size: Option<usize>, max_size: Option<usize>, prefill_token_budget: u32, token_budget: u32) -> Option<NextBatch> {
        let (response_sender, response_receiver) = mpsc::channel();
        let cmd = QueueCommand::NextBatch { min_size, max_size, prefill_token_budget, token_budget, response_sender };
        self.queue_sender.send(cmd).unwrap();
        response_receiver.recv().unwrap()
    }
}

// Background task responsible of the queue state
fn queue_task(requires_padding: bool, block_size: u32, window_size: Option<u32>, speculate: u32, receiver: mpsc::Receiver<QueueCommand>) {
    let mut state = State::new(requires_padding, block_size, window_size, speculate);

    while let Ok(cmd) = receiver.recv() {
        match cmd {
            QueueCommand::Append(entry) => {
                state.append(*entry);
                metrics::gauge_queue_size(state.entries.len());
            }
            QueueCommand::NextBatch { min_size, max_size, prefill_token_budget, token_budget, response_sender } => {
                let next_batch = state.next_batch(min_size, max_size, prefill_token_budget, token_budget);
                let _ = response_sender.send(next_batch);
                metrics::gauge_queue_size(state.entries.len());
            }
        }
    }
}

/// Queue State
#[derive(Debug)]
struct State {
    entries: VecDeque<(u64, Entry)>,
    next_id: u64,
    next_batch_id: u64,
    requires_padding: bool, // the model pads to the longest input
    block_size: u32,        // paged attention block size
    window_size: Option<u32>,
    speculate: u32,
}

impl State {
    fn new(requires_padding: bool, block_size: u32, window_size: Option<u32>, speculate: u32) -> Self {
        Self {
            entries: VecDeque::with_capacity(128),
            next_id: 0,
            next_batch_id: 0,
            requires_padding,
            block_size,
            window_size,
            speculate,
        }
    }

    fn append(&mut self, entry: Entry) {
        self.entries.push_back((self.next_id, entry));
        self.next_id += 1;
    }

    fn next_batch(&mut self, min_size: Option<usize>, max_size: Option<usize>, prefill_token_budget: u32, token_budget: u32) -> Option<NextBatch> {
        if self.entries.is_empty() {
            return None;
        }

        if let Some(min_size) = min_size {
            if self.entries.len() < min_size {
                return None;
            }
        }

        if let Some(max_size) = max_size {
            if max_size == 0 {
                return None;
            }
        }

        // Pad prefill_token_budget to be a multiple of block size
        let prefill_token_budget = prefill_token_budget.div_ceil(self.block_size) * self.block_size;

        let mut batch_requests = Vec::with_capacity(self.entries.len());
        let mut batch_entries = HashMap::with_capacity(self.entries.len());

        let mut max_input_length = 0;
        let mut prefill_tokens: u32 = 0;
        let mut decode_tokens: u32 = 0;

        // Pop entries starting from the front of the queue
        while let Some((id, mut entry)) = self.entries.pop_front() {
            // Filter entries where the response receiver was dropped
            if entry.response_tx.is_closed() {
                metrics::counter_dropped();
                continue;
            }

            if self.requires_padding {
                // We pad to max input length in the Python shards
                max_input_length = max_input_length.max(entry.request.input_length);
                prefill_tokens = (batch_requests.len() + 1) as u32 * max_input_length
            } else {
                // pad to block size
                prefill_tokens += entry.request.input_length.div_ceil(self.block_size) * self.block_size;
            }

            if self.requires_padding {
                decode_tokens += entry.request.stopping_parameters.max_new_tokens;
            } else {
                let max_new_tokens = match self.window_size {
                    None => entry.request.stopping_parameters.max_new_tokens,
                    Some(window_size) => min(
                        window_size.saturating_sub(entry.request.input_length),
                        entry.request.stopping_parameters.max_new_tokens,
                    ),
                };

                // pad to block size
                decode_tokens += max_new_tokens.div_ceil(self.block_size) * self.block_size;
            }

            if prefill_tokens > prefill_token_budget
                || (prefill_tokens + decode_tokens + self.speculate) > token_budget
            {
                // Entry is over budget: add it back to the front
                debug!(
                    "Over budget: prefill_tokens={prefill_tokens} > {prefill_token_budget} || {prefill_tokens} + {decode_tokens} + {} > {token_budget}",
                    self.speculate
                );
                self.entries.push_front((id, entry));
                break;
            }

            batch_requests.push(Request {
                id,
                inputs: entry.request.inputs.clone(),
                parameters: Some(entry.request.parameters.clone()),
                stopping_parameters: Some(entry.request.stopping_parameters.clone()),
            });
            entry.batch_time = Some(Instant::now());
            batch_entries.insert(id, entry);

            // Check if max_size
            if Some(batch_requests.len()) == max_size {
                break;
            }
        }

        if batch_requests.is_empty() {
            return None;
        }

        // Check if our batch is big enough; add back entries in the correct order
        if let Some(min_size) = min_size {
            if batch_requests.len() < min_size {
                for r in batch_requests.into_iter().rev() {
                    self.entries.push_front((r.id, batch_entries.remove(&r.id).unwrap()));
                }
                return None;
            }
        }

        let size = batch_requests.len() as u32;
        let batch = Batch {
            id: self.next_batch_id,
            requests: batch_requests,
            size,
            max_tokens: (prefill_tokens + decode_tokens),
        };
        self.next_batch_id += 1;

        metrics::histogram_batch_next_size(batch.size);

        Some((batch_entries, batch))
    }
}
