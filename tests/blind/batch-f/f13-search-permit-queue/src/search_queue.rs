//! The steps to do a search are to get the `SearchQueue` data structure and try to get a search permit.
//! This can fail if the queue is full, and we need to drop your search request to register a new one.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use crate::{select, MeilisearchHttpError};

#[derive(Debug)]
pub struct SearchQueue {
    sender: mpsc::SyncSender<mpsc::Sender<Permit>>,
    capacity: usize,
    /// If we have waited longer than this to get a permit, we should abort the search request entirely.
    /// The client probably already closed the connection, but we have no way to find out.
    time_to_abort: Duration,
    searches_running: Arc<AtomicUsize>,
    searches_waiting_to_be_processed: Arc<AtomicUsize>,
}

/// You should only run search requests while holding this permit.
/// Once it's dropped, a new search request will be able to process.
#[derive(Debug)]
pub struct Permit {
    sender: mpsc::Sender<()>,
}

impl Permit {
    /// Drop the permit giving back on permit to the search queue.
    pub fn drop(self) {
        // if the channel is closed then the whole instance is down
        let _ = self.sender.send(());
    }
}

impl Drop for Permit {
    /// The implicit drop implementation can still be called in multiple cases:
    /// - We forgot to call the explicit one somewhere => this should be fixed on our side asap
    /// - The future is cancelled while running and the permit dropped with it
    fn drop(&mut self) {
        let _ = self.sender.send(());
    }
}

/// Small xorshift generator, enough to pick which waiting search gets evicted.
struct StdRng(u64);

impl StdRng {
    fn gen_range(&mut self, range: std::ops::Range<usize>) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        range.start + (self.0 as usize) % (range.end - range.start)
    }
}

impl SearchQueue {
    pub fn new(capacity: usize, paralellism: NonZeroUsize) -> Self {
        // Search requests are going to wait until we're available anyway,
        // so let's not allocate any RAM and keep a capacity of 1.
        let (sender, receiver) = mpsc::sync_channel(1);

        let instance = Self {
            sender,
            capacity,
            time_to_abort: Duration::from_secs(60),
            searches_running: Default::default(),
            searches_waiting_to_be_processed: Default::default(),
        };

        let running = Arc::clone(&instance.searches_running);
        let waiting = Arc::clone(&instance.searches_waiting_to_be_processed);
        std::thread::spawn(move || Self::run(capacity, paralellism, receiver, running, waiting));

        instance
    }

    pub fn with_time_to_abort(self, time_to_abort: Duration) -> Self {
        Self { time_to_abort, ..self }
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    pub fn searches_running(&self) -> usize {
        self.searches_running.load(Ordering::Relaxed)
    }

    pub fn searches_waiting(&self) -> usize {
        self.searches_waiting_to_be_processed.load(Ordering::Relaxed)
    }

    /// This function is the main loop, it's in charge on scheduling which search request should execute first and
    /// how many should executes at the same time.
    ///
    /// It **must never** panic or exit.
    fn run(
        capacity: usize,
        parallelism: NonZeroUsize,
        receive_new_searches: mpsc::Receiver<mpsc::Sender<Permit>>,
        metric_searches_running: Arc<AtomicUsize>,
        metric_searches_waiting: Arc<AtomicUsize>,
    ) {
        let mut queue: Vec<mpsc::Sender<Permit>> = Default::default();
        let mut rng = StdRng(0x2545_F491_4F6C_DD1D);
        let mut searches_running: usize = 0;
        let (sender, search_finished) = mpsc::channel();

        loop {
            select! {
                // biased select because we want to free up space before trying to register new tasks
                biased;
                _ = search_finished.recv() => {
                    searches_running = searches_running.saturating_sub(1);
                    if !queue.is_empty() {
                        // Can't panic: the queue wasn't empty thus the range isn't empty.
                        let remove = rng.gen_range(0..queue.len());
                        let channel = queue.swap_remove(remove);
                        let _ = channel.send(Permit { sender: sender.clone() });
                    }
                },

                search_request = receive_new_searches.recv() => {
                    let search_request = match search_request {
                        Some(search_request) => search_request,
                        // This should never happen while the http server is running, but it's not a reason to crash.
                        None => continue,
                    };

                    if searches_running < usize::from(parallelism) && queue.is_empty() {
                        searches_running += 1;
                        // if the search requests die, it's not a hard error on our side
                        let _ = search_request.send(Permit { sender: sender.clone() });
                        continue;
                    } else if capacity == 0 {
                        // in the very specific case where we have a capacity of zero,
                        // we must refuse the request straight away without going through
                        // the queue stuff.
                        drop(search_request);
                        continue;
                    } else if queue.len() >= capacity {
                        let remove = rng.gen_range(0..queue.len());
                        let thing = queue.swap_remove(remove); // this will drop the channel and notify the search that it won't be processed
                        drop(thing);
                    }
                    queue.push(search_request);
                },
            }

            metric_searches_running.store(searches_running, Ordering::Relaxed);
            metric_searches_waiting.store(queue.len(), Ordering::Relaxed);
        }
    }

    /// Returns a search `Permit`.
    /// It should be dropped as soon as you've freed all the RAM associated with the search request being processed.
    pub fn try_get_search_permit(&self) -> Result<Permit, MeilisearchHttpError> {
        let now = std::time::Instant::now();
        let (sender, receiver) = mpsc::channel();
        self.sender.send(sender).map_err(|_| MeilisearchHttpError::SearchLimiterIsDown)?;
        let permit = receiver.recv().map_err(|_| MeilisearchHttpError::TooManySearchRequests(self.capacity))?;

        // If we've been for more than one minute to get a search permit, it's better to simply
        // abort the search request than spending time processing something where the client
        // most certainly exited or got a timeout a long time ago.
        if now.elapsed() > self.time_to_abort {
            permit.drop();
            Err(MeilisearchHttpError::TooManySearchRequests(self.capacity))
        } else {
            Ok(permit)
        }
    }
}
