//! Accept loop handing connections to workers, each worker capped at a
//! number of concurrent connections.

mod config;
mod counter;
mod worker;

pub use config::ServerWorkerConfig;
pub use counter::Counter;
pub use worker::{Conn, ServerWorker, WorkerHandleAccept, WorkerHandleServer};

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

#[derive(Debug, PartialEq, Eq)]
pub enum WakerInterest {
    /// `WorkerAvailable` is an interest from `Worker` notifying `Accept` there is a worker
    WorkerAvailable(usize),
    Pause,
    Resume,
}

/// Wakes the accept thread; stands in for a mio waker plus queue.
#[derive(Clone, Default)]
pub struct WakerQueue(Arc<Mutex<VecDeque<WakerInterest>>>);

impl WakerQueue {
    pub fn wake(&self, interest: WakerInterest) {
        self.0.lock().unwrap().push_back(interest);
    }

    pub fn pop(&self) -> Option<WakerInterest> {
        self.0.lock().unwrap().pop_front()
    }
}

/// Array of u128 with every bit as marker for a worker handle's availability.
#[derive(Debug, Default)]
struct Availability([u128; 4]);

impl Availability {
    fn available(&self) -> bool {
        self.0.iter().any(|a| *a != 0)
    }

    fn get_available(&self, idx: usize) -> bool {
        let (offset, idx) = (idx / 128, idx % 128);
        self.0[offset] & (1 << idx as u128) != 0
    }

    fn set_available(&mut self, idx: usize, avail: bool) {
        let (offset, idx) = (idx / 128, idx % 128);
        let off = 1 << idx as u128;
        if avail {
            self.0[offset] |= off;
        } else {
            self.0[offset] &= !off
        }
    }
}

/// The accept side: round-robins connections over the workers that still have room.
pub struct Accept {
    handles: Vec<WorkerHandleAccept>,
    avail: Availability,
    next: usize,
    waker_queue: WakerQueue,
    backlog: VecDeque<Conn>,
}

impl Accept {
    pub fn new(handles: Vec<WorkerHandleAccept>, waker_queue: WakerQueue) -> Self {
        let mut avail = Availability::default();
        for handle in &handles {
            avail.set_available(handle.idx(), true);
        }
        Self { handles, avail, next: 0, waker_queue, backlog: VecDeque::new() }
    }

    /// Process wake-ups from workers that dropped back under their limit.
    pub fn handle_wakeups(&mut self) {
        while let Some(interest) = self.waker_queue.pop() {
            if let WakerInterest::WorkerAvailable(idx) = interest {
                self.avail.set_available(idx, true);
            }
        }
        while let Some(conn) = self.backlog.pop_front() {
            if let Err(conn) = self.accept_one(conn) {
                self.backlog.push_front(conn);
                break;
            }
        }
    }

    /// Send connection to worker and handle error.
    pub fn accept_one(&mut self, mut conn: Conn) -> Result<(), Conn> {
        loop {
            if !self.avail.available() {
                return Err(conn);
            }
            let handle = &self.handles[self.next];
            if !self.avail.get_available(handle.idx()) {
                self.next = (self.next + 1) % self.handles.len();
                continue;
            }
            match handle.send(conn) {
                Ok(_) => {
                    // Increment counter of WorkerHandle.
                    // Set worker to unavailable with it hit max (Return false).
                    if !handle.inc_counter() {
                        let idx = handle.idx();
                        self.avail.set_available(idx, false);
                    }
                    self.next = (self.next + 1) % self.handles.len();
                    return Ok(());
                }
                Err(c) => {
                    self.avail.set_available(handle.idx(), false);
                    conn = c;
                }
            }
        }
    }

    pub fn park(&mut self, conn: Conn) {
        self.backlog.push_back(conn);
    }
}
