//! In-memory stand-in for a zip archive reader.

use std::io::{Cursor, Read};

#[derive(Debug, Clone)]
pub struct RawEntry {
    pub name: String,
    /// Size recorded in the central directory, which may lie.
    pub declared_size: u64,
    pub data: Vec<u8>,
    pub is_dir: bool,
    pub is_symlink: bool,
    pub unix_mode: Option<u32>,
}

pub struct ZipArchive {
    entries: Vec<RawEntry>,
}

impl ZipArchive {
    pub fn new(entries: Vec<RawEntry>) -> Self {
        Self { entries }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn by_index(&mut self, i: usize) -> std::io::Result<ZipFile<'_>> {
        let raw = &self.entries[i];
        Ok(ZipFile {
            raw,
            data: Cursor::new(&raw.data[..]),
        })
    }

    /// Metadata only, without decompressing
    pub fn by_index_raw(&mut self, i: usize) -> std::io::Result<ZipFile<'_>> {
        self.by_index(i)
    }
}

pub struct ZipFile<'a> {
    raw: &'a RawEntry,
    data: Cursor<&'a [u8]>,
}

impl ZipFile<'_> {
    pub fn name(&self) -> &str {
        &self.raw.name
    }
    pub fn size(&self) -> u64 {
        self.raw.declared_size
    }
    pub fn compressed_size(&self) -> u64 {
        self.raw.data.len() as u64 / 2
    }
    pub fn is_dir(&self) -> bool {
        self.raw.is_dir
    }
    pub fn is_symlink(&self) -> bool {
        self.raw.is_symlink
    }
    pub fn unix_mode(&self) -> Option<u32> {
        self.raw.unix_mode
    }
}

impl Read for ZipFile<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.data.read(buf)
    }
}
