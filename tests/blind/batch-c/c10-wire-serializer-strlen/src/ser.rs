use std::fmt;
use std::io::{self, Write};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SerializerOptions {
    /// Longest string, in bytes, this side will put on the wire.
    pub max_string_len: usize,
    /// Size of one frame; the serializer fails rather than split a value.
    pub max_frame_bytes: u64,
}

impl Default for SerializerOptions {
    fn default() -> Self {
        Self { max_string_len: 64 * 1024, max_frame_bytes: 1 << 20 }
    }
}

#[derive(Debug)]
pub enum Error {
    Io(io::Error),
    StringTooLong { len: usize, max: usize },
    FrameFull { needed: u64 },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "{e}"),
            Error::StringTooLong { len, max } => write!(f, "string of {len} bytes exceeds {max}"),
            Error::FrameFull { needed } => write!(f, "frame full ({needed} bytes needed)"),
        }
    }
}

pub struct Serializer<W> {
    out: W,
    opts: SerializerOptions,
    bytes_emitted: u64,
    /// Statistics for the session summary.
    strings_emitted: u64,
}

impl<W: Write> Serializer<W> {
    pub fn new(out: W, opts: SerializerOptions) -> Self {
        Self { out, opts, bytes_emitted: 0, strings_emitted: 0 }
    }

    pub fn bytes_emitted(&self) -> u64 {
        self.bytes_emitted
    }

    pub fn strings_emitted(&self) -> u64 {
        self.strings_emitted
    }

    pub fn into_inner(self) -> W {
        self.out
    }

    fn emit(&mut self, chunk: &[u8]) -> Result<(), Error> {
        let next = self.bytes_emitted + chunk.len() as u64;
        if next > self.opts.max_frame_bytes {
            return Err(Error::FrameFull { needed: next });
        }
        self.out.write_all(chunk).map_err(Error::Io)?;
        self.bytes_emitted = next;
        Ok(())
    }

    pub fn write_u64(&mut self, v: u64) -> Result<(), Error> {
        self.emit(&[b'u'])?;
        self.emit(&v.to_be_bytes())
    }

    pub fn write_str(&mut self, s: &str) -> Result<(), Error> {
        if s.len() > self.opts.max_string_len {
            return Err(Error::StringTooLong { len: s.len(), max: self.opts.max_string_len });
        }
        self.emit(&[b's'])?;
        self.emit(&(s.len() as u32).to_be_bytes())?;
        self.emit(s.as_bytes())?;
        self.strings_emitted += 1;
        Ok(())
    }

    pub fn write_seq<T: Serialize>(&mut self, items: &[T]) -> Result<(), Error> {
        self.emit(&[b'['])?;
        self.emit(&(items.len() as u32).to_be_bytes())?;
        items.iter().try_for_each(|item| item.serialize(self))
    }
}

pub trait Serialize {
    fn serialize<W: Write>(&self, ser: &mut Serializer<W>) -> Result<(), Error>;
}

impl Serialize for u64 {
    fn serialize<W: Write>(&self, ser: &mut Serializer<W>) -> Result<(), Error> {
        ser.write_u64(*self)
    }
}

impl Serialize for &str {
    fn serialize<W: Write>(&self, ser: &mut Serializer<W>) -> Result<(), Error> {
        ser.write_str(self)
    }
}

impl Serialize for String {
    fn serialize<W: Write>(&self, ser: &mut Serializer<W>) -> Result<(), Error> {
        ser.write_str(self)
    }
}

impl<T: Serialize> Serialize for Vec<T> {
    fn serialize<W: Write>(&self, ser: &mut Serializer<W>) -> Result<(), Error> {
        ser.write_seq(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_string_refused() {
        let opts = SerializerOptions { max_string_len: 4, ..Default::default() };
        let mut ser = Serializer::new(Vec::new(), opts);
        assert!(matches!("hello".serialize(&mut ser), Err(Error::StringTooLong { len: 5, max: 4 })));
        assert_eq!(ser.bytes_emitted(), 0);
    }

    #[test]
    fn frame_fills_up() {
        let opts = SerializerOptions { max_frame_bytes: 20, ..Default::default() };
        let mut ser = Serializer::new(Vec::new(), opts);
        let r = vec![1u64, 2, 3].serialize(&mut ser);
        assert!(matches!(r, Err(Error::FrameFull { .. })));
        assert!(ser.into_inner().len() <= 20);
    }
}
