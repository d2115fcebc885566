//! Writing a file so that it is always either the old or the new text:
//! the new text goes to a temporary file in the same directory, is flushed
//! and synced to the disk, takes the old file's permissions, and is
//! renamed over it. A full disk, a crash or a kill at any moment leaves
//! the old file whole, and an error says so.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Replaces the contents of `path` with `bytes`, atomically. A symlink is
/// followed: the file it points to is replaced, the link kept.
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let target = resolve(path)?;
    let dir = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map_or_else(Default::default, |n| n.to_string_lossy().into_owned());
    let mut temporary = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".budget-lint-tmp")
        .tempfile_in(&dir)?;
    temporary.write_all(bytes)?;
    temporary.flush()?;
    if let Ok(old) = std::fs::metadata(&target) {
        temporary.as_file().set_permissions(old.permissions())?;
    }
    temporary.as_file().sync_all()?;
    temporary.persist(&target).map_err(|error| error.error)?;
    // The rename is durable once the directory is; some systems cannot
    // sync a directory, and the file is whole either way.
    if let Ok(directory) = std::fs::File::open(&dir) {
        let _ = directory.sync_all();
    }
    Ok(())
}

/// The file a path names, through symlinks.
fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path),
        _ => Ok(path.to_path_buf()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_text_and_keeps_permissions_and_links() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("lib.rs");
        std::fs::write(&path, "old").expect("write");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::Permissions::from_mode(0o640);
            std::fs::set_permissions(&path, mode).expect("chmod");
        }
        write(&path, b"new text").expect("written");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new text");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o640);
            let link = dir.path().join("link.rs");
            std::os::unix::fs::symlink(&path, &link).expect("symlink");
            write(&link, b"through the link").expect("written");
            assert!(
                std::fs::symlink_metadata(&link)
                    .expect("meta")
                    .file_type()
                    .is_symlink()
            );
            assert_eq!(
                std::fs::read_to_string(&path).expect("read"),
                "through the link"
            );
        }
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names.len(), if cfg!(unix) { 2 } else { 1 }, "{names:?}");
    }

    #[test]
    fn a_failed_write_leaves_the_file_and_no_temporary() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("missing-dir").join("lib.rs");
        assert!(write(&path, b"new").is_err());
        assert!(!path.exists());
    }
}
