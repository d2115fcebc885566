//! Write path of an LSM keyspace: a shared write buffer and journal, both
//! throttled by backpressure when they grow past their configured sizes.

mod backpressure;
pub mod config;
mod write_buffer_manager;

pub use config::Config;
pub use write_buffer_manager::WriteBufferManager;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex, RwLock};

pub enum WorkerMessage {
    Flush,
}

pub struct JournalManager {
    sealed_bytes: u64,
    active_bytes: AtomicU64,
}

impl JournalManager {
    /// Bytes held by sealed journals plus the active one.
    pub fn disk_space_used(&self) -> u64 {
        self.sealed_bytes + self.active_bytes.load(Ordering::Acquire)
    }

    pub fn rotate(&mut self) {
        self.sealed_bytes += self.active_bytes.swap(0, Ordering::AcqRel);
    }

    pub fn maintenance(&mut self, flushed: u64) {
        self.sealed_bytes = self.sealed_bytes.saturating_sub(flushed);
    }
}

#[derive(Default)]
pub struct SnapshotTracker {
    gc_runs: AtomicU64,
}

impl SnapshotTracker {
    pub fn pullup(&self) {}
    pub fn gc(&self) {
        self.gc_runs.fetch_add(1, Ordering::Relaxed);
    }
}

#[derive(Default)]
pub struct FlushManager {
    queue: Mutex<Vec<Arc<Partition>>>,
}

impl FlushManager {
    pub fn enqueue(&self, partition: Arc<Partition>) {
        self.queue.lock().expect("lock is poisoned").push(partition);
    }
}

pub struct Supervisor {
    pub write_buffer_size: WriteBufferManager,
    pub journal_manager: RwLock<JournalManager>,
    pub flush_manager: FlushManager,
    pub snapshot_tracker: SnapshotTracker,
    pub backpressure_lock: Mutex<()>,
}

pub struct Partition {
    pub name: String,
    active_memtable_size: AtomicU64,
}

impl Partition {
    pub fn active_memtable_size(&self) -> u64 {
        self.active_memtable_size.load(Ordering::Acquire)
    }

    /// Seals the active memtable so it can be flushed.
    pub fn rotate_memtable(&self) -> Result<u64, String> {
        Ok(self.active_memtable_size.swap(0, Ordering::AcqRel))
    }
}

pub struct Keyspace {
    pub db_config: Config,
    pub supervisor: Supervisor,
    pub partitions: RwLock<HashMap<String, Arc<Partition>>>,
    pub is_poisoned: Arc<AtomicBool>,
    pub worker_messager: SyncSender<WorkerMessage>,
}

impl Keyspace {
    pub fn open(db_config: Config) -> (Self, Receiver<WorkerMessage>) {
        let (worker_messager, rx) = sync_channel(db_config.flush_workers_count.max(1) * 4);
        let keyspace = Self {
            db_config,
            supervisor: Supervisor {
                write_buffer_size: WriteBufferManager::default(),
                journal_manager: RwLock::new(JournalManager { sealed_bytes: 0, active_bytes: AtomicU64::new(0) }),
                flush_manager: FlushManager::default(),
                snapshot_tracker: SnapshotTracker::default(),
                backpressure_lock: Mutex::new(()),
            },
            partitions: RwLock::new(HashMap::new()),
            is_poisoned: Arc::new(AtomicBool::new(false)),
            worker_messager,
        };
        (keyspace, rx)
    }

    pub fn partition(&self, name: &str) -> Arc<Partition> {
        let mut partitions = self.partitions.write().expect("lock is poisoned");
        partitions
            .entry(name.to_string())
            .or_insert_with(|| {
                Arc::new(Partition { name: name.to_string(), active_memtable_size: AtomicU64::new(0) })
            })
            .clone()
    }

    /// Inserts a key-value pair, stalling the writer if the keyspace is over budget.
    pub fn insert(&self, partition: &Partition, key: &[u8], value: &[u8]) {
        let item_size = (key.len() + value.len() + 16) as u64;

        self.supervisor
            .journal_manager
            .read()
            .expect("lock is poisoned")
            .active_bytes
            .fetch_add(item_size, Ordering::AcqRel);

        partition.active_memtable_size.fetch_add(item_size, Ordering::AcqRel);
        self.supervisor.write_buffer_size.allocate(item_size);

        backpressure::handle_journal(self);
        backpressure::handle_write_buffer(self);
    }

    /// Called by a flush worker once a sealed memtable is on disk.
    pub fn on_flushed(&self, bytes: u64) {
        self.supervisor.write_buffer_size.free(bytes);
        self.supervisor
            .journal_manager
            .write()
            .expect("lock is poisoned")
            .maintenance(bytes);
    }
}
