//! Deserialization.

use crate::{
    error::{Error, Result},
    extensions::Extensions,
    Options, Value,
};

/// The RON deserializer.
pub struct Deserializer<'de> {
    bytes: &'de [u8],
    cursor: usize,
    exts: Extensions,
    recursion_limit: Option<usize>,
}

macro_rules! guard_recursion {
    ($self:expr => $expr:expr) => {{
        if let Some(limit) = &mut $self.recursion_limit {
            if let Some(new_limit) = limit.checked_sub(1) {
                *limit = new_limit;
            } else {
                return Err(Error::ExceededRecursionLimit);
            }
        }

        let result = $expr;

        if let Some(limit) = &mut $self.recursion_limit {
            *limit = limit.saturating_add(1);
        }

        result
    }};
}

impl<'de> Deserializer<'de> {
    pub fn from_str_with_options(input: &'de str, options: &Options) -> Self {
        Deserializer {
            bytes: input.as_bytes(),
            cursor: 0,
            exts: options.default_extensions,
            recursion_limit: options.recursion_limit,
        }
    }

    /// Check if the remaining bytes are whitespace only,
    /// otherwise return an error.
    pub fn end(&mut self) -> Result<()> {
        self.skip_ws();
        if self.cursor == self.bytes.len() {
            Ok(())
        } else {
            Err(Error::TrailingCharacters)
        }
    }

    pub fn extensions(&self) -> Extensions {
        self.exts
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.cursor).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\n' | b'\t' | b'\r')) {
            self.cursor += 1;
        }
    }

    fn consume(&mut self, b: u8) -> bool {
        self.skip_ws();
        if self.peek() == Some(b) {
            self.cursor += 1;
            true
        } else {
            false
        }
    }

    fn consume_ident(&mut self, ident: &str) -> bool {
        if self.bytes[self.cursor..].starts_with(ident.as_bytes()) {
            self.cursor += ident.len();
            true
        } else {
            false
        }
    }

    pub fn parse_value(&mut self) -> Result<Value> {
        self.skip_ws();
        match self.peek().ok_or(Error::Eof)? {
            b'[' => guard_recursion! { self => self.parse_list(b']').map(Value::Seq) },
            b'(' => guard_recursion! { self => self.parse_list(b')').map(|mut items| {
                if items.is_empty() {
                    Value::Unit
                } else if items.len() == 1 && self.exts.contains(Extensions::UNWRAP_NEWTYPES) {
                    items.remove(0)
                } else {
                    Value::Tuple(items)
                }
            }) },
            b'{' => guard_recursion! { self => self.parse_map() },
            b'"' => self.parse_string(),
            b'-' | b'0'..=b'9' => self.parse_number(),
            _ if self.consume_ident("true") => Ok(Value::Bool(true)),
            _ if self.consume_ident("false") => Ok(Value::Bool(false)),
            _ if self.consume_ident("Some") => {
                if !self.consume(b'(') {
                    return Err(Error::ExpectedValue(self.cursor));
                }
                let inner = guard_recursion! { self => self.parse_value() }?;
                if !self.consume(b')') {
                    return Err(Error::ExpectedComma);
                }
                Ok(inner)
            }
            _ => Err(Error::ExpectedValue(self.cursor)),
        }
    }

    fn parse_list(&mut self, close: u8) -> Result<Vec<Value>> {
        self.cursor += 1;
        let mut items = Vec::new();
        loop {
            if self.consume(close) {
                return Ok(items);
            }
            items.push(self.parse_value()?);
            if !self.consume(b',') {
                if self.consume(close) {
                    return Ok(items);
                }
                return Err(Error::ExpectedComma);
            }
        }
    }

    fn parse_map(&mut self) -> Result<Value> {
        self.cursor += 1;
        let mut entries = Vec::new();
        loop {
            if self.consume(b'}') {
                return Ok(Value::Map(entries));
            }
            let key = self.parse_value()?;
            if !self.consume(b':') {
                return Err(Error::ExpectedMapColon);
            }
            let value = self.parse_value()?;
            entries.push((key, value));
            if !self.consume(b',') {
                if self.consume(b'}') {
                    return Ok(Value::Map(entries));
                }
                return Err(Error::ExpectedComma);
            }
        }
    }

    fn parse_string(&mut self) -> Result<Value> {
        self.cursor += 1;
        let start = self.cursor;
        while self.peek().ok_or(Error::Eof)? != b'"' {
            self.cursor += 1;
        }
        let s = String::from_utf8_lossy(&self.bytes[start..self.cursor]).into_owned();
        self.cursor += 1;
        Ok(Value::String(s))
    }

    fn parse_number(&mut self) -> Result<Value> {
        let start = self.cursor;
        if self.peek() == Some(b'-') {
            self.cursor += 1;
        }
        while matches!(self.peek(), Some(b'0'..=b'9' | b'_')) {
            self.cursor += 1;
        }
        let text: String = self.bytes[start..self.cursor]
            .iter()
            .filter(|b| **b != b'_')
            .map(|b| *b as char)
            .collect();
        text.parse().map(Value::Number).map_err(|_| Error::InvalidNumber)
    }
}
