use crate::Rotator;
use std::io::{self, Write};
use std::sync::{Arc, Mutex};

/// In-memory writer, used for tests and for buffering.
#[derive(Clone, Default)]
pub struct MemoryWriter(Arc<Mutex<Vec<u8>>>);

impl Write for MemoryWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().map_err(|_| io::Error::other("poisoned"))?.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Keeps every rotated buffer in memory, keeping at most `max` of them.
#[derive(Default)]
pub struct MemoryRotator {
    buffers: Vec<Arc<Mutex<Vec<u8>>>>,
    max: Option<usize>,
}

impl MemoryRotator {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn max(mut self, max: usize) -> Self {
        self.max = Some(max);
        self
    }

    pub fn get_buffer(&self, index: usize) -> Option<Vec<u8>> {
        self.buffers.get(index).map(|b| b.lock().unwrap().clone())
    }
}

impl Rotator for MemoryRotator {
    type Writer = MemoryWriter;

    fn initial(&mut self) -> io::Result<MemoryWriter> {
        let writer = MemoryWriter::default();
        self.buffers.push(writer.0.clone());
        Ok(writer)
    }

    fn rotate(&mut self, current: MemoryWriter) -> io::Result<MemoryWriter> {
        drop(current);
        if let Some(max) = self.max {
            while self.buffers.len() > max {
                self.buffers.remove(0);
            }
        }
        self.initial()
    }
}
