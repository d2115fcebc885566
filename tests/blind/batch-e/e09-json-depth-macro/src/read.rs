/// Position of a byte in the input.
pub struct Position {
    pub line: usize,
    pub column: usize,
}

/// JSON input source that reads from a slice of bytes.
pub struct SliceRead<'a> {
    slice: &'a [u8],
    index: usize,
}

impl<'a> SliceRead<'a> {
    pub fn new(slice: &'a [u8]) -> Self {
        SliceRead { slice, index: 0 }
    }

    pub fn peek(&self) -> Option<u8> {
        self.slice.get(self.index).copied()
    }

    pub fn next(&mut self) -> Option<u8> {
        let ch = self.peek();
        if ch.is_some() {
            self.index += 1;
        }
        ch
    }

    pub fn discard(&mut self) {
        self.index += 1;
    }

    pub fn position(&self) -> Position {
        let mut position = Position { line: 1, column: 0 };
        for ch in &self.slice[..self.index.min(self.slice.len())] {
            match *ch {
                b'\n' => {
                    position.line += 1;
                    position.column = 0;
                }
                _ => position.column += 1,
            }
        }
        position
    }

    /// Reads a string body up to the closing quote (no escapes beyond `\"`).
    pub fn parse_str(&mut self, scratch: &mut Vec<u8>) -> Option<String> {
        scratch.clear();
        loop {
            match self.next()? {
                b'"' => return String::from_utf8(scratch.clone()).ok(),
                b'\\' => scratch.push(self.next()?),
                ch => scratch.push(ch),
            }
        }
    }
}
