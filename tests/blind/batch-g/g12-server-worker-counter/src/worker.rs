use std::sync::mpsc::{channel, Receiver, SendError, Sender};
use std::time::{Duration, Instant};

use crate::config::ServerWorkerConfig;
use crate::counter::{Counter, WorkerCounter, WorkerCounterGuard};
use crate::WakerQueue;

#[derive(Debug)]
pub struct Conn {
    pub token: usize,
    pub payload: Vec<u8>,
}

/// Handle to worker that can send connection message to worker and share the availability of
/// worker to other threads.
pub struct WorkerHandleAccept {
    idx: usize,
    tx: Sender<Conn>,
    counter: Counter,
}

impl WorkerHandleAccept {
    #[inline(always)]
    pub(crate) fn idx(&self) -> usize {
        self.idx
    }

    #[inline(always)]
    pub(crate) fn send(&self, conn: Conn) -> Result<(), Conn> {
        self.tx.send(conn).map_err(|SendError(conn)| conn)
    }

    #[inline(always)]
    pub(crate) fn inc_counter(&self) -> bool {
        self.counter.inc()
    }
}

/// Handle to worker than can send stop message to worker.
pub struct WorkerHandleServer {
    pub idx: usize,
}

/// Service worker.
///
/// Worker accepts message via channel and starts stream processing.
pub struct ServerWorker {
    rx: Receiver<Conn>,
    counter: WorkerCounter,
    in_flight: Vec<(Conn, WorkerCounterGuard)>,
    blocking_pool_size: usize,
    config: ServerWorkerConfig,
}

impl ServerWorker {
    pub fn start(
        idx: usize,
        waker_queue: WakerQueue,
        config: ServerWorkerConfig,
    ) -> (WorkerHandleAccept, WorkerHandleServer, ServerWorker) {
        let (tx, rx) = channel();
        let counter = Counter::new(config.max_concurrent_connections);

        let worker = ServerWorker {
            rx,
            counter: WorkerCounter::new(idx, waker_queue, counter.clone()),
            in_flight: Vec::new(),
            // the runtime builder is told how many blocking threads it may spawn
            blocking_pool_size: config.max_blocking_threads,
            config,
        };

        (WorkerHandleAccept { idx, tx, counter }, WorkerHandleServer { idx }, worker)
    }

    pub fn blocking_pool_size(&self) -> usize {
        self.blocking_pool_size
    }

    /// Pull new connections off the channel; each holds a counter guard until it completes.
    pub fn poll(&mut self) {
        while let Ok(conn) = self.rx.try_recv() {
            let guard = self.counter.guard();
            self.in_flight.push((conn, guard));
        }
    }

    /// Finish the connection with the given token, releasing its slot.
    pub fn complete(&mut self, token: usize) -> Option<Conn> {
        let pos = self.in_flight.iter().position(|(c, _)| c.token == token)?;
        let (conn, _guard) = self.in_flight.swap_remove(pos);
        Some(conn)
    }

    pub fn num_connections(&self) -> usize {
        self.counter.total()
    }

    /// Graceful shutdown: wait for in-flight connections until `shutdown_timeout` elapses.
    pub fn shutdown(&mut self, mut drive: impl FnMut(&mut Self)) -> bool {
        let deadline = Instant::now() + self.config.shutdown_timeout;
        loop {
            if self.num_connections() == 0 {
                return true;
            }
            if Instant::now() >= deadline {
                // force shutdown; remaining connections are dropped
                self.in_flight.clear();
                return false;
            }
            drive(self);
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}
