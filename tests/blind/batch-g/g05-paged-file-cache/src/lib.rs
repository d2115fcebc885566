//! Page cache in front of a database file: a striped read cache and a write
//! buffer, each with its own byte budget.

pub mod cached_file;
pub mod file;

pub use cached_file::{PageHack, PageHackMut, PageHint, PagedCachedFile, PhysicalStorage};

#[derive(Debug)]
pub enum Error {
    Io(std::io::Error),
    InvalidArgument(String),
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}

pub type Result<T = (), E = Error> = std::result::Result<T, E>;

/// Database configuration. Only the storage-related knobs are kept here.
pub struct Builder {
    page_size: usize,
    read_cache_size_bytes: usize,
    write_cache_size_bytes: usize,
}

impl Default for Builder {
    fn default() -> Self {
        Self {
            page_size: 4096,
            // TODO: adjust the default cache size based on system memory
            read_cache_size_bytes: 1024 * 1024 * 1024,
            write_cache_size_bytes: 1024 * 1024 * 1024,
        }
    }
}

impl Builder {
    pub fn set_page_size(&mut self, size: usize) -> &mut Self {
        assert!(size.is_power_of_two());
        self.page_size = size;
        self
    }

    /// Set the amount of memory (in bytes) used for caching data that has been read
    pub fn set_read_cache_size(&mut self, bytes: usize) -> &mut Self {
        self.read_cache_size_bytes = bytes;
        self
    }

    /// Set the amount of memory (in bytes) used for caching data that has been written
    pub fn set_write_cache_size(&mut self, bytes: usize) -> &mut Self {
        self.write_cache_size_bytes = bytes;
        self
    }

    pub fn create(&self, file: file::LockedFile) -> Result<PagedCachedFile> {
        if self.page_size < 512 {
            return Err(Error::InvalidArgument(format!(
                "page size {} is too small",
                self.page_size
            )));
        }
        PagedCachedFile::new(
            file,
            self.page_size as u64,
            self.read_cache_size_bytes,
            self.write_cache_size_bytes,
        )
    }
}
