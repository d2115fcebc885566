use crate::{Keyspace, WorkerMessage};
use std::time::{Duration, Instant};

pub fn handle_journal(keyspace: &Keyspace) {
    let start = Instant::now();

    while {
        keyspace
            .supervisor
            .journal_manager
            .read()
            .expect("lock is poisoned")
            .disk_space_used()
    } > keyspace.db_config.max_journaling_size_in_bytes
    {
        std::thread::sleep(Duration::from_millis(10));

        if start.elapsed() > Duration::from_secs(5) {
            eprintln!("Halting writes for 5+ secs now because journal is still too large");

            {
                let _lock = keyspace.supervisor.backpressure_lock.lock().expect("lock is poisoned");
                let partitions = keyspace.partitions.read().expect("lock is poisoned");

                // rotate the partition with the largest memtable to seal the journal
                if let Some(lowest) = partitions.values().max_by_key(|p| p.active_memtable_size()) {
                    match lowest.rotate_memtable() {
                        Ok(_) => {
                            keyspace.supervisor.flush_manager.enqueue(lowest.clone());
                            keyspace.supervisor.journal_manager.write().expect("lock is poisoned").rotate();
                            keyspace.worker_messager.try_send(WorkerMessage::Flush).ok();
                        }
                        Err(e) => eprintln!("Rotating partition {:?} failed: {e:?}", lowest.name),
                    }
                }
            }

            if start.elapsed() > Duration::from_secs(10) {
                keyspace.supervisor.snapshot_tracker.pullup();
                keyspace.supervisor.snapshot_tracker.gc();
                break;
            }

            std::thread::sleep(Duration::from_millis(490));
        }

        if keyspace.is_poisoned.load(std::sync::atomic::Ordering::Relaxed) {
            eprintln!("DB was poisoned while being write halted");
            return;
        }
    }
}

pub fn handle_write_buffer(keyspace: &Keyspace) {
    let start = Instant::now();

    loop {
        let wb_size = keyspace.supervisor.write_buffer_size.get();

        if wb_size <= keyspace.db_config.max_journaling_size_in_bytes { //@ BL005
            break;
        }

        let overshoot = wb_size - keyspace.db_config.max_write_buffer_size_in_bytes;

        std::thread::sleep(Duration::from_millis(10));

        if start.elapsed() > Duration::from_secs(3) {
            eprintln!("Halting writes for {:?} now because database write buffer is still too large", start.elapsed());
            eprintln!("Write buffer overshoot is {overshoot}B");

            {
                let _lock = keyspace.supervisor.backpressure_lock.lock().expect("lock is poisoned");
                let partitions = keyspace.partitions.read().expect("lock is poisoned");

                let mut partitions_with_sizes: Vec<(_, u64)> = partitions
                    .values()
                    .filter(|x| x.active_memtable_size() > 0)
                    .map(|x| (x.clone(), x.active_memtable_size()))
                    .collect::<Vec<_>>();

                drop(partitions);

                partitions_with_sizes.sort_by(|a, b| a.1.cmp(&b.1));

                let mut queued_bytes = 0;

                for (partition, bytes) in partitions_with_sizes.iter().rev() {
                    if queued_bytes >= overshoot {
                        break;
                    }

                    match partition.rotate_memtable() {
                        Ok(_) => {
                            keyspace.supervisor.flush_manager.enqueue(partition.clone());
                            keyspace.worker_messager.try_send(WorkerMessage::Flush).ok();
                        }
                        Err(e) => eprintln!("Rotating partition {:?} failed: {e:?}", partition.name),
                    }

                    queued_bytes += bytes;
                }
            }

            if start.elapsed() > Duration::from_secs(10) {
                keyspace.supervisor.snapshot_tracker.pullup();
                keyspace.supervisor.snapshot_tracker.gc();
                break;
            }

            std::thread::sleep(Duration::from_millis(490));
        }

        if keyspace.is_poisoned.load(std::sync::atomic::Ordering::Relaxed) {
            eprintln!("DB was poisoned while being write halted");
            return;
        }
    }
}
