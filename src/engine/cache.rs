//! The facts cache: what the scan and the parser give for a file's text,
//! kept between runs so that a run over unchanged files reads them but
//! neither scans nor parses them again.
//!
//! Each entry is keyed by a hash of the file's content, of the tool (its
//! version and its own binary), of the configuration, and of the request:
//! a scan; a parse of the whole file as production or test code; or a
//! parse of some of its items. Under the prefilter a file's facts depend
//! on what the rounds asked of it, which depends on other files: the key
//! of a parse of items holds the request and the key of the parses of the
//! same file before it, so a file asked for other items after another file
//! changed is parsed again, never given facts made for another request.
//!
//! The entries live in one file, `facts-v1.bin`, in the cache directory.
//! It is read whole when a run starts and written again, through a
//! temporary file renamed over it, when the run made entries, with the
//! entries it used and made. Nothing in it is trusted: a file with another header is
//! ignored, an entry whose checksum or decoding fails is a miss, and the
//! file is rewritten from what the run made.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rustc_hash::FxHashMap as HashMap;
use serde::Serialize;
use serde::de::DeserializeOwned;
use xxhash_rust::xxh3::{xxh3_64, xxh3_128};

/// The file's name in the cache directory.
const FILE: &str = "facts-v1.bin";
/// The header: what the file is, and the version of its layout (the last
/// byte). A file of another layout is another version's: no entry of it
/// is used, and it is replaced without a warning.
const MAGIC: &[u8; 16] = b"budget-lint-fac1";
/// The largest cache file read or written: a cache that would be larger
/// is not kept (a warning says so), and one found larger is ignored.
pub const MAX_SIZE: u64 = 2 << 30;
/// An entry's key, the length and checksum of its value.
const ENTRY_HEADER: usize = 16 + 4 + 8;

/// Where a run keeps its facts cache.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Caching {
    /// Nowhere: every file is scanned and parsed (the library's default).
    #[default]
    Off,
    /// In `budget-lint/` under the target directory: cargo's for a
    /// workspace, `$CARGO_TARGET_DIR` or `target/` in the current
    /// directory for paths linted without cargo metadata.
    TargetDirectory,
    /// In this directory.
    In(PathBuf),
}

/// The cache of one run.
pub struct Cache {
    dir: PathBuf,
    /// The tool and the configuration: part of every key.
    salt: u128,
    /// The cache file as read, and where each valid entry's value is.
    bytes: Vec<u8>,
    entries: HashMap<u128, (usize, usize)>,
    /// Whether the file must be written again even if the run made no
    /// entry: it held something that was no valid entry.
    rewrite: bool,
    /// The keys of read entries this run used, and the entries it made.
    used: Mutex<Vec<u128>>,
    made: Mutex<HashMap<u128, Vec<u8>>>,
}

/// What a request is, in its key.
#[derive(Clone, Copy)]
pub enum Request<'a> {
    Scan,
    /// The outcome of a whole run over files of these contents (`run`
    /// describes the files, their contents and the options).
    Run(&'a [u8]),
    /// A parse: `code` as production or test, `want` the items wanted
    /// (empty for the whole file), `before` the key of the parses of the
    /// file's items before it (0 for none).
    Parse {
        test: bool,
        want: &'a str,
        before: u128,
    },
}

impl Cache {
    /// The cache in `dir` for a configuration described by `config`: read
    /// from its file if there is one. A file that cannot be read, is not a
    /// cache file or has corrupt entries gives what of it can be trusted
    /// and a warning; the run rewrites it.
    pub fn open(dir: &Path, config: &str) -> (Cache, Option<String>) {
        Cache::open_for(dir, &tool_identity(), config)
    }

    /// [`Cache::open`] for the build of the tool `tool` identifies.
    fn open_for(dir: &Path, tool: &[u8], config: &str) -> (Cache, Option<String>) {
        let mut salt = Vec::new();
        salt.extend_from_slice(tool);
        salt.push(0);
        salt.extend_from_slice(config.as_bytes());
        let mut cache = Cache {
            dir: dir.to_path_buf(),
            salt: xxh3_128(&salt),
            bytes: Vec::new(),
            entries: HashMap::default(),
            rewrite: true,
            used: Mutex::new(Vec::new()),
            made: Mutex::new(HashMap::default()),
        };
        let path = dir.join(FILE);
        let ignored = |why: &str| {
            Some(format!(
                "the facts cache `{}` {why}: it is ignored and rewritten",
                path.display()
            ))
        };
        let bytes = match read_cache_file(&path) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return (cache, None),
            Err(why) => return (cache, ignored(&why)),
        };
        if !bytes.starts_with(MAGIC) {
            let another_layout =
                bytes.len() >= MAGIC.len() && bytes.starts_with(&MAGIC[..MAGIC.len() - 1]);
            let problem = if another_layout {
                None
            } else {
                ignored("is not a cache file of cargo budget-lint")
            };
            return (cache, problem);
        }
        let mut corrupt = 0;
        let mut at = MAGIC.len();
        while at < bytes.len() {
            let Some(header) = bytes.get(at..at + ENTRY_HEADER) else {
                corrupt += 1;
                break;
            };
            let key = u128::from_le_bytes(header[..16].try_into().unwrap_or_default());
            let len = u32::from_le_bytes(header[16..20].try_into().unwrap_or_default()) as usize;
            let sum = u64::from_le_bytes(header[20..28].try_into().unwrap_or_default());
            let start = at + ENTRY_HEADER;
            // A truncated file ends at its last whole entry.
            let Some(value) = bytes.get(start..start + len) else {
                corrupt += 1;
                break;
            };
            if xxh3_64(value) == sum {
                cache.entries.insert(key, (start, len));
            } else {
                corrupt += 1;
            }
            at = start + len;
        }
        cache.bytes = bytes;
        cache.rewrite = corrupt > 0;
        let problem = (corrupt > 0).then(|| {
            format!(
                "the facts cache `{}` has {corrupt} corrupt entr{}: {} ignored and the file rewritten",
                path.display(),
                if corrupt == 1 { "y" } else { "ies" },
                if corrupt == 1 { "it is" } else { "they are" },
            )
        });
        (cache, problem)
    }

    /// The key of `request` for a file whose content hash is `content`.
    pub fn key_of(&self, content: u128, request: Request<'_>) -> u128 {
        let mut input = Vec::with_capacity(80);
        input.extend_from_slice(&self.salt.to_le_bytes());
        input.extend_from_slice(&content.to_le_bytes());
        match request {
            Request::Scan => input.push(0),
            Request::Run(run) => {
                input.push(3);
                input.extend_from_slice(run);
            }
            Request::Parse { test, want, before } => {
                input.push(1 + u8::from(test));
                input.extend_from_slice(&before.to_le_bytes());
                input.extend_from_slice(want.as_bytes());
            }
        }
        xxh3_128(&input)
    }

    /// The value kept under `key`, if there is one that decodes.
    pub fn get<T: DeserializeOwned>(&self, key: u128) -> Option<T> {
        let &(start, len) = self.entries.get(&key)?;
        let value = postcard::from_bytes(self.bytes.get(start..start + len)?).ok()?;
        if let Ok(mut used) = self.used.lock() {
            used.push(key);
        }
        Some(value)
    }

    /// Keeps `value` under `key`.
    pub fn put<T: Serialize>(&self, key: u128, value: &T) {
        let Ok(bytes) = postcard::to_stdvec(value) else {
            return;
        };
        self.put_bytes(key, bytes);
    }

    /// Keeps the encoded value `bytes` under `key`.
    fn put_bytes(&self, key: u128, bytes: Vec<u8>) {
        if u32::try_from(bytes.len()).is_err() {
            return;
        }
        if let Ok(mut made) = self.made.lock() {
            made.insert(key, bytes);
        }
    }

    /// Writes the entries this run used or made, in a new file renamed
    /// over the old one. A cache that cannot be written is no error: the
    /// next run is cold.
    pub fn save(&self) -> Result<(), String> {
        let mut used = self
            .used
            .lock()
            .map(|mut u| std::mem::take(&mut *u))
            .unwrap_or_default();
        used.sort_unstable();
        used.dedup();
        let made = self
            .made
            .lock()
            .map(|mut m| std::mem::take(&mut *m))
            .unwrap_or_default();
        // A run that made nothing (its outcome was cached) keeps every
        // entry, for the next run that changes a file; one that made some
        // keeps those it used and made.
        let kept = if made.is_empty() {
            if !self.rewrite {
                return Ok(());
            }
            self.entries.keys().copied().collect()
        } else {
            used
        };
        let mut entries: Vec<(u128, &[u8])> =
            made.iter().map(|(&key, value)| (key, &value[..])).collect();
        for key in kept {
            if !made.contains_key(&key)
                && let Some(&(start, len)) = self.entries.get(&key)
            {
                entries.push((key, &self.bytes[start..start + len]));
            }
        }
        entries.sort_unstable_by_key(|&(key, _)| key);
        let size = MAGIC.len()
            + entries
                .iter()
                .map(|(_, value)| ENTRY_HEADER + value.len())
                .sum::<usize>();
        if size as u64 > MAX_SIZE {
            return Err(format!(
                "the facts cache of this run would take {} MB, more than {} MB: it is not written",
                size >> 20,
                MAX_SIZE >> 20
            ));
        }
        // Written as it is laid out, not copied into one buffer first.
        write_atomically(&self.dir, |out| {
            out.write_all(MAGIC)?;
            for (key, value) in entries {
                out.write_all(&key.to_le_bytes())?;
                out.write_all(&(value.len() as u32).to_le_bytes())?;
                out.write_all(&xxh3_64(value).to_le_bytes())?;
                out.write_all(value)?;
            }
            Ok(())
        })
    }
}

/// The cache file's bytes; `None` when there is none. Only a regular file
/// (no symbolic link, device or pipe) of at most [`MAX_SIZE`] bytes is
/// read.
fn read_cache_file(path: &Path) -> Result<Option<Vec<u8>>, String> {
    use std::io::Read;
    let metadata = match std::fs::symlink_metadata(path) {
        Ok(metadata) => metadata,
        Err(error)
            if matches!(
                error.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            return Ok(None);
        }
        Err(error) => return Err(format!("cannot be read ({error})")),
    };
    if !metadata.file_type().is_file() {
        return Err("is not a regular file".to_string());
    }
    let cannot_read = |error: std::io::Error| format!("cannot be read ({error})");
    let file = std::fs::File::open(path).map_err(cannot_read)?;
    let metadata = file.metadata().map_err(cannot_read)?;
    if !metadata.is_file() {
        return Err("is not a regular file".to_string());
    }
    if metadata.len() > MAX_SIZE {
        return Err(format!("is larger than {} MB", MAX_SIZE >> 20));
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    file.take(MAX_SIZE)
        .read_to_end(&mut bytes)
        .map_err(cannot_read)?;
    Ok(Some(bytes))
}

/// The hash of a file's content that keys its entries.
pub fn content_hash(text: &[u8]) -> u128 {
    xxh3_128(text)
}

/// Writes what `contents` writes as the cache file of `dir`, which is
/// created with a `.gitignore` and a `CACHEDIR.TAG` as other tools' caches
/// are: through a new temporary file (never through a link planted in its
/// place), renamed over the old file.
fn write_atomically(
    dir: &Path,
    contents: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), String> {
    let failed = |error: std::io::Error| {
        format!(
            "cannot write the facts cache in `{}`: {error}",
            dir.display()
        )
    };
    std::fs::create_dir_all(dir).map_err(failed)?;
    // The directory may come with the linted tree: a link in its place
    // would make the cache written elsewhere.
    let is_directory = std::fs::symlink_metadata(dir).map_err(failed)?.is_dir();
    if !is_directory {
        return Err(format!(
            "cannot write the facts cache in `{}`: it is not a directory",
            dir.display()
        ));
    }
    for (name, text) in [
        (".gitignore", "# Made by cargo budget-lint.\n*\n"),
        (
            "CACHEDIR.TAG",
            "Signature: 8a477f597d28d172789f06886806bc55\n# The facts cache of cargo budget-lint.\n",
        ),
    ] {
        let new = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(dir.join(name));
        if let Ok(mut file) = new {
            let _ = file.write_all(text.as_bytes());
        }
    }
    // Unique to this process and this write: runs in other processes, or
    // on other threads of a program using the library, write beside it.
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let write = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let temporary = dir.join(format!("{FILE}.{}-{write}.tmp", std::process::id()));
    let _ = std::fs::remove_file(&temporary);
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)
        .map_err(failed)?;
    let mut buffered = std::io::BufWriter::with_capacity(1 << 20, file);
    let written = contents(&mut buffered).and_then(|()| buffered.flush());
    drop(buffered);
    if let Err(error) = written.and_then(|()| std::fs::rename(&temporary, dir.join(FILE))) {
        let _ = std::fs::remove_file(&temporary);
        return Err(failed(error));
    }
    Ok(())
}

/// The tool's version and a digest of the running binary, so that a build
/// of other code with the same version number never reads this one's
/// entries; the version alone where the binary cannot be read.
fn tool_identity() -> Vec<u8> {
    static DIGEST: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let digest = *DIGEST.get_or_init(|| {
        std::env::current_exe()
            .and_then(std::fs::read)
            .map_or(0, |bytes| xxh3_64(&bytes))
    });
    let mut identity = env!("CARGO_PKG_VERSION").as_bytes().to_vec();
    identity.push(0);
    identity.extend_from_slice(&digest.to_le_bytes());
    identity
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan_key(cache: &Cache) -> u128 {
        cache.key_of(content_hash(b"fn f() {}"), Request::Scan)
    }

    #[test]
    fn entries_survive_a_run_and_corrupt_ones_are_misses() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let (cache, problem) = Cache::open(dir.path(), "config");
        assert_eq!(problem, None, "no cache file yet is no problem");
        let key = scan_key(&cache);
        let other = cache.key_of(
            content_hash(b"fn f() {}"),
            Request::Parse {
                test: false,
                want: "",
                before: 0,
            },
        );
        assert_ne!(key, other);
        assert_eq!(cache.get::<Vec<u32>>(key), None);
        cache.put(key, &vec![1u32, 2, 3]);
        cache.put(other, &vec![4u32]);
        cache.save().expect("saved");
        assert!(dir.path().join("CACHEDIR.TAG").is_file());

        let (cache, problem) = Cache::open(dir.path(), "config");
        assert_eq!(problem, None);
        assert_eq!(cache.get::<Vec<u32>>(key), Some(vec![1, 2, 3]));
        // Another configuration, or another text, keys every entry
        // otherwise.
        let (foreign, _) = Cache::open(dir.path(), "other config");
        assert_eq!(foreign.get::<Vec<u32>>(scan_key(&foreign)), None);
        let mut tool = tool_identity();
        assert_eq!(tool.first(), env!("CARGO_PKG_VERSION").as_bytes().first());
        let (same, _) = Cache::open_for(dir.path(), &tool, "config");
        assert_eq!(same.get::<Vec<u32>>(scan_key(&same)), Some(vec![1, 2, 3]));
        tool.extend_from_slice(b" another build");
        let (other_tool, _) = Cache::open_for(dir.path(), &tool, "config");
        assert_eq!(other_tool.get::<Vec<u32>>(scan_key(&other_tool)), None);
        let edited = cache.key_of(content_hash(b"fn f() { }"), Request::Scan);
        assert_eq!(cache.get::<Vec<u32>>(edited), None);

        // Flip a byte of each entry's value: the checksums fail.
        let path = dir.path().join(FILE);
        let mut bytes = std::fs::read(&path).expect("cache file");
        let last = bytes.len() - 1;
        bytes[MAGIC.len() + ENTRY_HEADER] ^= 0xff;
        bytes[last] ^= 0xff;
        std::fs::write(&path, &bytes).expect("corrupted");
        let (cache, problem) = Cache::open(dir.path(), "config");
        assert!(
            problem.is_some_and(|p| p.contains("2 corrupt entries")),
            "a corrupt file is reported"
        );
        assert_eq!(cache.get::<Vec<u32>>(key), None);
        assert_eq!(cache.get::<Vec<u32>>(other), None);

        // A file that is no cache file is ignored, and rewritten.
        std::fs::write(&path, b"not a cache").expect("foreign file");
        let (cache, problem) = Cache::open(dir.path(), "config");
        assert!(problem.is_some_and(|p| p.contains("not a cache file")));
        assert_eq!(cache.get::<Vec<u32>>(key), None);
        cache.put(key, &vec![7u32]);
        cache.save().expect("saved");
        let (cache, problem) = Cache::open(dir.path(), "config");
        assert_eq!(problem, None);
        assert_eq!(cache.get::<Vec<u32>>(key), Some(vec![7]));

        // The cache of another layout is replaced without a word.
        let mut older = MAGIC.to_vec();
        *older.last_mut().expect("a layout byte") = b'0';
        std::fs::write(&path, &older).expect("older layout");
        let (cache, problem) = Cache::open(dir.path(), "config");
        assert_eq!(problem, None);
        assert_eq!(cache.get::<Vec<u32>>(key), None);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_in_place_of_the_cache_is_neither_read_nor_followed() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let elsewhere = dir.path().join("elsewhere");
        std::fs::create_dir(&elsewhere).expect("directory");
        let (cache, _) = Cache::open(&elsewhere, "config");
        cache.put(scan_key(&cache), &vec![1u32]);
        cache.save().expect("saved");

        // A cache file that links to a good cache file is not read.
        let linked = dir.path().join("linked-file");
        std::fs::create_dir(&linked).expect("directory");
        std::os::unix::fs::symlink(elsewhere.join(FILE), linked.join(FILE)).expect("link");
        let (cache, problem) = Cache::open(&linked, "config");
        assert!(problem.is_some_and(|p| p.contains("not a regular file")));
        assert_eq!(cache.get::<Vec<u32>>(scan_key(&cache)), None);

        // A cache directory that links elsewhere is not written.
        let link = dir.path().join("linked-directory");
        std::os::unix::fs::symlink(&elsewhere, &link).expect("link");
        let (cache, _) = Cache::open(&link, "config");
        cache.put(scan_key(&cache), &vec![2u32]);
        let error = cache.save().expect_err("not written through a link");
        assert!(error.contains("not a directory"), "{error}");
        let (cache, _) = Cache::open(&elsewhere, "config");
        assert_eq!(cache.get::<Vec<u32>>(scan_key(&cache)), Some(vec![1]));
    }
}
