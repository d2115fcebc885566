use std::io::{self, Read, Write};

use crate::ExtractLimits;

/// Where unpacked files go: the real sandbox directory, or memory in tests.
pub trait Sink {
    fn create(&mut self, path: &str) -> io::Result<Box<dyn Write + '_>>;
}

#[derive(Debug)]
pub enum ExtractError {
    Io(io::Error),
    TooManyEntries(usize),
    EntryTooLarge { name: String, size: u64 },
    BadPath(String),
}

impl From<io::Error> for ExtractError {
    fn from(e: io::Error) -> Self {
        Self::Io(e)
    }
}

/// What has been unpacked so far; returned to the caller for the audit log.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Progress {
    pub entries: usize,
    pub total_unpacked: u64, //@ BL002
}

fn read_u16(r: &mut impl Read) -> io::Result<Option<u16>> {
    let mut b = [0u8; 2];
    match r.read_exact(&mut b) {
        Ok(()) => Ok(Some(u16::from_le_bytes(b))),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(None),
        Err(e) => Err(e),
    }
}

fn sanitize(name: &str, max_len: usize) -> Result<String, ExtractError> {
    let bad = name.len() > max_len
        || name.starts_with('/')
        || name.split(['/', '\\']).any(|part| part == "..")
        || name.contains('\0');
    if bad {
        return Err(ExtractError::BadPath(name.to_string()));
    }
    Ok(name.to_string())
}

pub fn unpack(mut src: impl Read, sink: &mut dyn Sink, limits: &ExtractLimits) -> Result<Progress, ExtractError> {
    let mut progress = Progress::default();
    while let Some(name_len) = read_u16(&mut src)? {
        if progress.entries >= limits.max_entries {
            return Err(ExtractError::TooManyEntries(progress.entries));
        }
        let mut name = vec![0u8; name_len as usize];
        src.read_exact(&mut name)?;
        let name = String::from_utf8_lossy(&name).into_owned();
        let mut size = [0u8; 8];
        src.read_exact(&mut size)?;
        let size = u64::from_le_bytes(size);

        if size > limits.max_unpacked_bytes {
            return Err(ExtractError::EntryTooLarge { name, size });
        }
        let path = sanitize(&name, limits.max_path_len)?;
        let mut out = sink.create(&path)?;
        let copied = io::copy(&mut (&mut src).take(size), &mut out)?;
        if copied != size {
            return Err(io::Error::from(io::ErrorKind::UnexpectedEof).into());
        }

        progress.entries += 1;
        progress.total_unpacked += copied;
    }
    Ok(progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[derive(Default)]
    struct Mem(HashMap<String, Vec<u8>>);

    impl Sink for Mem {
        fn create(&mut self, path: &str) -> io::Result<Box<dyn Write + '_>> {
            Ok(Box::new(self.0.entry(path.to_string()).or_default()))
        }
    }

    fn entry(name: &str, data: &[u8]) -> Vec<u8> {
        let mut v = (name.len() as u16).to_le_bytes().to_vec();
        v.extend_from_slice(name.as_bytes());
        v.extend_from_slice(&(data.len() as u64).to_le_bytes());
        v.extend_from_slice(data);
        v
    }

    #[test]
    fn unpacks_and_counts() {
        let mut pak = entry("a.txt", b"hello");
        pak.extend(entry("dir/b.bin", &[0; 100]));
        let mut mem = Mem::default();
        let p = unpack(&pak[..], &mut mem, &ExtractLimits::default()).unwrap();
        assert_eq!(p, Progress { entries: 2, total_unpacked: 105 });
        assert_eq!(mem.0["a.txt"], b"hello");
    }

    #[test]
    fn rejects_traversal() {
        let pak = entry("../etc/passwd", b"x");
        let r = unpack(&pak[..], &mut Mem::default(), &ExtractLimits::default());
        assert!(matches!(r, Err(ExtractError::BadPath(_))));
    }
}
