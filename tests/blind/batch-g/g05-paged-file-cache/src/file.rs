//! In-memory stand-in for the locked database file.

use std::io;
use std::sync::Mutex;

#[derive(Default)]
pub struct LockedFile {
    data: Mutex<Vec<u8>>,
    syncs: Mutex<u64>,
}

impl LockedFile {
    pub fn new(initial_len: usize) -> io::Result<Self> {
        Ok(Self {
            data: Mutex::new(vec![0; initial_len]),
            syncs: Mutex::new(0),
        })
    }

    pub fn read(&self, offset: u64, len: usize) -> io::Result<Vec<u8>> {
        let data = self.data.lock().unwrap();
        let start = offset as usize;
        data.get(start..start + len)
            .map(<[u8]>::to_vec)
            .ok_or_else(|| io::Error::from(io::ErrorKind::UnexpectedEof))
    }

    pub fn write(&self, offset: u64, buffer: &[u8]) -> io::Result<()> {
        let mut data = self.data.lock().unwrap();
        let start = offset as usize;
        if data.len() < start + buffer.len() {
            data.resize(start + buffer.len(), 0);
        }
        data[start..start + buffer.len()].copy_from_slice(buffer);
        Ok(())
    }

    pub fn set_len(&self, len: u64) -> io::Result<()> {
        self.data.lock().unwrap().resize(len as usize, 0);
        Ok(())
    }

    pub fn sync_data(&self) -> io::Result<()> {
        *self.syncs.lock().unwrap() += 1;
        Ok(())
    }
}
