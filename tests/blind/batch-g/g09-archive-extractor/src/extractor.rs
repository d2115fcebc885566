use crate::archive::ZipArchive;
use crate::{Error, Limits};
use std::fs;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// What to do with symlinks in the archive.
#[derive(Debug, Clone, Copy, Default)]
pub enum SymlinkPolicy {
    #[default]
    Skip,
    Error,
}

/// Extraction strategy.
#[derive(Debug, Clone, Copy, Default)]
pub enum ExtractionMode {
    /// Extract entries as they are read. Fast but leaves partial state on failure.
    #[default]
    Streaming,
    /// Validate all entries first (paths, limits, policies), then extract.
    ValidateFirst,
}

#[derive(Debug, Clone, Default)]
pub struct Report {
    pub files_extracted: usize,
    pub dirs_created: usize,
    pub bytes_written: u64,
    pub entries_skipped: usize,
}

/// Progress information passed to callbacks.
#[derive(Debug, Clone)]
pub struct Progress {
    pub entry_name: String,
    pub entry_size: u64,
    pub entry_index: usize,
    pub total_entries: usize,
    /// Bytes written so far (cumulative).
    pub bytes_written: u64,
    /// Files extracted so far.
    pub files_extracted: usize,
}

type ProgressFn = Box<dyn Fn(&Progress) + Send + Sync>;

pub struct Extractor {
    root: PathBuf,
    limits: Limits,
    symlinks: SymlinkPolicy,
    mode: ExtractionMode,
    on_progress: Option<ProgressFn>,
}

impl Extractor {
    pub fn new<P: AsRef<Path>>(destination: P) -> Self {
        Self {
            root: destination.as_ref().to_path_buf(),
            limits: Limits::default(),
            symlinks: SymlinkPolicy::default(),
            mode: ExtractionMode::default(),
            on_progress: None,
        }
    }

    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    pub fn symlinks(mut self, policy: SymlinkPolicy) -> Self {
        self.symlinks = policy;
        self
    }

    pub fn mode(mut self, mode: ExtractionMode) -> Self {
        self.mode = mode;
        self
    }

    pub fn on_progress<F: Fn(&Progress) + Send + Sync + 'static>(mut self, callback: F) -> Self {
        self.on_progress = Some(Box::new(callback));
        self
    }

    fn jail_check(&self, name: &str) -> Result<(), Error> {
        let escapes = Path::new(name)
            .components()
            .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir));
        if escapes {
            return Err(Error::PathEscape {
                entry: name.to_string(),
                detail: format!("path escapes {}", self.root.display()),
            });
        }
        Ok(())
    }

    pub fn extract(&self, mut archive: ZipArchive) -> Result<Report, Error> {
        // If ValidateFirst mode, do a dry run first
        if matches!(self.mode, ExtractionMode::ValidateFirst) {
            self.validate_all(&mut archive)?;
        }

        let mut report = Report::default();
        let mut total_bytes_written: u64 = 0;
        let total_entries = archive.len();

        for i in 0..total_entries {
            let mut entry = archive.by_index(i)?;
            let name = entry.name().to_string();

            // Call progress callback if set
            if let Some(ref callback) = self.on_progress {
                callback(&Progress {
                    entry_name: name.clone(),
                    entry_size: entry.size(),
                    entry_index: i,
                    total_entries,
                    bytes_written: total_bytes_written,
                    files_extracted: report.files_extracted,
                });
            }

            if let Err(reason) = validate_filename(&name) {
                return Err(Error::InvalidFilename { entry: name, reason: reason.to_string() });
            }
            self.jail_check(&name)?;
            let safe_path = self.root.join(&name);

            if entry.is_symlink() {
                match self.symlinks {
                    SymlinkPolicy::Error => return Err(Error::SymlinkNotAllowed { entry: name }),
                    SymlinkPolicy::Skip => {
                        report.entries_skipped += 1;
                        continue;
                    }
                }
            }

            let depth = Path::new(&name)
                .components()
                .filter(|c| matches!(c, Component::Normal(_)))
                .count();
            if depth > self.limits.max_path_depth {
                return Err(Error::PathTooDeep { entry: name, depth, limit: self.limits.max_path_depth });
            }

            if report.files_extracted >= self.limits.max_file_count {
                return Err(Error::FileCountExceeded {
                    limit: self.limits.max_file_count,
                    attempted: report.files_extracted + 1,
                });
            }

            if !entry.is_dir() && entry.size() > self.limits.max_single_file {
                return Err(Error::FileTooLarge { entry: name, limit: self.limits.max_single_file, size: entry.size() });
            }

            // Note: We ALSO check this during streaming to prevent zip bombs that lie about size
            if total_bytes_written + entry.size() > self.limits.max_total_bytes {
                return Err(Error::TotalSizeExceeded {
                    limit: self.limits.max_total_bytes,
                    would_be: total_bytes_written + entry.size(),
                });
            }

            if entry.is_dir() {
                fs::create_dir_all(&safe_path)?;
                report.dirs_created += 1;
                continue;
            }
            if let Some(parent) = safe_path.parent() {
                fs::create_dir_all(parent)?;
            }
            // create_new(true) is atomic: fails if file exists (no TOCTOU)
            let mut outfile = match fs::OpenOptions::new().write(true).create_new(true).open(&safe_path) {
                Ok(f) => f,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    return Err(Error::AlreadyExists { entry: safe_path.display().to_string() });
                }
                Err(e) => return Err(Error::Io(e)),
            };

            // SECURITY: LimitReader enforces the declared size, max_single_file and
            // what is left of max_total_bytes
            let limit_single = self.limits.max_single_file.min(entry.size());
            let remaining_global = self.limits.max_total_bytes.saturating_sub(total_bytes_written);
            let hard_limit = limit_single.min(remaining_global);

            let mut limiter = LimitReader::new(&mut entry, hard_limit);
            let written = std::io::copy(&mut limiter, &mut outfile)?;

            if limiter.hit_limit {
                if written >= self.limits.max_single_file && entry.size() > self.limits.max_single_file {
                    return Err(Error::FileTooLarge { entry: name, limit: self.limits.max_single_file, size: written + 1 });
                }
                if remaining_global <= written && written < entry.size() {
                    return Err(Error::TotalSizeExceeded {
                        limit: self.limits.max_total_bytes,
                        would_be: total_bytes_written + written + 1,
                    });
                }
            }

            // SECURITY: Detect zip bombs that lie about declared size.
            if written == entry.size() {
                let mut buf = [0u8; 1];
                if entry.read(&mut buf)? > 0 {
                    return Err(Error::SizeMismatch { entry: name.clone(), declared: entry.size(), actual: entry.size() + 1 });
                }
            }

            total_bytes_written += written;
            report.bytes_written += written;
            report.files_extracted += 1;
        }

        Ok(report)
    }

    /// Validate all entries without extracting (fast dry run).
    fn validate_all(&self, archive: &mut ZipArchive) -> Result<(), Error> {
        let mut total_size: u64 = 0;
        let mut file_count: usize = 0;

        for i in 0..archive.len() {
            let entry = archive.by_index_raw(i)?;
            let name = entry.name().to_string();
            if let Err(reason) = validate_filename(&name) {
                return Err(Error::InvalidFilename { entry: name, reason: reason.to_string() });
            }
            self.jail_check(&name)?;
            if entry.is_symlink() && matches!(self.symlinks, SymlinkPolicy::Error) {
                return Err(Error::SymlinkNotAllowed { entry: name });
            }
            let depth = Path::new(&name).components().filter(|c| matches!(c, Component::Normal(_))).count();
            if depth > self.limits.max_path_depth {
                return Err(Error::PathTooDeep { entry: name, depth, limit: self.limits.max_path_depth });
            }
            if !entry.is_dir() && entry.size() > self.limits.max_single_file {
                return Err(Error::FileTooLarge { entry: name, limit: self.limits.max_single_file, size: entry.size() });
            }
            // Accumulate totals (skip symlinks and dirs)
            if !entry.is_dir() && !entry.is_symlink() {
                total_size += entry.size();
                file_count += 1;
            }
        }

        if total_size > self.limits.max_total_bytes {
            return Err(Error::TotalSizeExceeded { limit: self.limits.max_total_bytes, would_be: total_size });
        }
        if file_count > self.limits.max_file_count {
            return Err(Error::FileCountExceeded { limit: self.limits.max_file_count, attempted: file_count });
        }
        Ok(())
    }
}

/// Validate filename. Returns Ok(()) if valid, Err(reason) if invalid.
fn validate_filename(name: &str) -> Result<(), &'static str> {
    if name.is_empty() || name.chars().any(|c| c.is_control()) || name.contains('\\') {
        return Err("empty name, control characters or backslash");
    }
    if name.len() > 1024 || name.split('/').any(|component| component.len() > 255) {
        return Err("path or path component too long");
    }
    Ok(())
}

// Helper struct to enforce read limits
struct LimitReader<'a, R> {
    inner: &'a mut R,
    limit: u64,
    bytes_read: u64,
    hit_limit: bool,
}

impl<'a, R: Read> LimitReader<'a, R> {
    fn new(inner: &'a mut R, limit: u64) -> Self {
        Self { inner, limit, bytes_read: 0, hit_limit: false }
    }
}

impl<R: Read> Read for LimitReader<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.bytes_read >= self.limit {
            self.hit_limit = true;
            return Ok(0);
        }

        // Cap the read length to the limit
        let remaining = self.limit - self.bytes_read;
        let len = buf.len().min(remaining as usize);

        let n = self.inner.read(&mut buf[0..len])?;
        self.bytes_read += n as u64;

        if self.bytes_read >= self.limit {
            self.hit_limit = true;
        }

        Ok(n)
    }
}
