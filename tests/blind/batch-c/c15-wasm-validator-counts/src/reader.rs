use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BinaryReaderError {
    pub message: String,
    pub offset: usize,
}

impl BinaryReaderError {
    pub fn new(message: impl Into<String>, offset: usize) -> Self {
        Self { message: message.into(), offset }
    }
}

impl fmt::Display for BinaryReaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at offset 0x{:x})", self.message, self.offset)
    }
}

pub struct BinaryReader<'a> {
    data: &'a [u8],
    pos: usize,
    base: usize,
}

impl<'a> BinaryReader<'a> {
    pub fn new(data: &'a [u8], base: usize) -> Self {
        Self { data, pos: 0, base }
    }

    pub fn original_position(&self) -> usize {
        self.base + self.pos
    }

    pub fn eof(&self) -> bool {
        self.pos >= self.data.len()
    }

    pub fn read_u8(&mut self) -> Result<u8, BinaryReaderError> {
        let b = *self
            .data
            .get(self.pos)
            .ok_or_else(|| BinaryReaderError::new("unexpected end", self.original_position()))?;
        self.pos += 1;
        Ok(b)
    }

    pub fn read_var_u32(&mut self) -> Result<u32, BinaryReaderError> {
        let mut result = 0u32;
        for shift in (0..35).step_by(7) {
            let byte = self.read_u8()?;
            result |= u32::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(result);
            }
        }
        Err(BinaryReaderError::new("invalid var_u32", self.original_position()))
    }

    pub fn read_bytes(&mut self, len: usize) -> Result<&'a [u8], BinaryReaderError> {
        let end = self.pos.checked_add(len).filter(|&e| e <= self.data.len());
        let end = end.ok_or_else(|| BinaryReaderError::new("unexpected end", self.original_position()))?;
        let bytes = &self.data[self.pos..end];
        self.pos = end;
        Ok(bytes)
    }
}
