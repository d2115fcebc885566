use std::collections::BTreeMap;

use crate::{Error, ErrorCode};

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Value>),
    Object(BTreeMap<String, Value>),
}

/// Mirrors the guard around every container: one level is taken before the
/// body runs and given back afterwards.
macro_rules! check_recursion {
    ($this:ident.$counter:ident, $($body:tt)*) => {
        $this.$counter -= 1;
        if $this.$counter == 0 {
            return Err($this.error(ErrorCode::RecursionLimitExceeded));
        }

        $($body)*

        $this.$counter += 1;
    };
}

pub struct Parser<'a> {
    input: &'a [u8],
    pos: usize,
    remaining_depth: u8,
}

impl<'a> Parser<'a> {
    pub fn new(input: &'a str) -> Self {
        Parser { input: input.as_bytes(), pos: 0, remaining_depth: 128 }
    }

    fn error(&self, code: ErrorCode) -> Error {
        Error { code, offset: self.pos }
    }

    fn peek_non_ws(&mut self) -> Option<u8> {
        while let Some(b) = self.input.get(self.pos) {
            if !b.is_ascii_whitespace() {
                return Some(*b);
            }
            self.pos += 1;
        }
        None
    }

    fn expect(&mut self, byte: u8, code: ErrorCode) -> Result<(), Error> {
        match self.peek_non_ws() {
            Some(b) if b == byte => {
                self.pos += 1;
                Ok(())
            }
            Some(_) => Err(self.error(code)),
            None => Err(self.error(ErrorCode::EofWhileParsing)),
        }
    }

    pub fn parse_value(&mut self) -> Result<Value, Error> {
        let peek = self.peek_non_ws().ok_or_else(|| self.error(ErrorCode::EofWhileParsing))?;
        let value = match peek {
            b'[' => {
                check_recursion! {
                    self.remaining_depth,
                    self.pos += 1;
                    let ret = self.parse_seq();
                }
                ret?
            }
            b'{' => {
                check_recursion! {
                    self.remaining_depth,
                    self.pos += 1;
                    let ret = self.parse_map();
                }
                ret?
            }
            b'"' => Value::String(self.parse_str()?),
            b't' | b'f' | b'n' => self.parse_ident()?,
            b'-' | b'0'..=b'9' => self.parse_number()?,
            _ => return Err(self.error(ErrorCode::ExpectedSomeValue)),
        };
        Ok(value)
    }

    fn parse_seq(&mut self) -> Result<Value, Error> {
        let mut items = Vec::new();
        if self.peek_non_ws() == Some(b']') {
            self.pos += 1;
            return Ok(Value::Array(items));
        }
        loop {
            items.push(self.parse_value()?);
            match self.peek_non_ws() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.error(ErrorCode::ExpectedCommaOrEnd)),
            }
        }
    }

    fn parse_map(&mut self) -> Result<Value, Error> {
        let mut map = BTreeMap::new();
        if self.peek_non_ws() == Some(b'}') {
            self.pos += 1;
            return Ok(Value::Object(map));
        }
        loop {
            if self.peek_non_ws() != Some(b'"') {
                return Err(self.error(ErrorCode::KeyMustBeAString));
            }
            let key = self.parse_str()?;
            self.expect(b':', ErrorCode::ExpectedColon)?;
            map.insert(key, self.parse_value()?);
            match self.peek_non_ws() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::Object(map));
                }
                _ => return Err(self.error(ErrorCode::ExpectedCommaOrEnd)),
            }
        }
    }

    /// Strings without escape handling, enough for configuration payloads.
    fn parse_str(&mut self) -> Result<String, Error> {
        self.pos += 1;
        let start = self.pos;
        while let Some(&b) = self.input.get(self.pos) {
            self.pos += 1;
            if b == b'"' {
                return Ok(String::from_utf8_lossy(&self.input[start..self.pos - 1]).into_owned());
            }
        }
        Err(self.error(ErrorCode::EofWhileParsing))
    }

    fn parse_ident(&mut self) -> Result<Value, Error> {
        for (word, value) in [("true", Value::Bool(true)), ("false", Value::Bool(false)), ("null", Value::Null)] {
            if self.input[self.pos..].starts_with(word.as_bytes()) {
                self.pos += word.len();
                return Ok(value);
            }
        }
        Err(self.error(ErrorCode::ExpectedSomeValue))
    }

    fn parse_number(&mut self) -> Result<Value, Error> {
        let start = self.pos;
        while matches!(self.input.get(self.pos), Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')) {
            self.pos += 1;
        }
        std::str::from_utf8(&self.input[start..self.pos])
            .ok()
            .and_then(|s| s.parse().ok())
            .map(Value::Number)
            .ok_or_else(|| self.error(ErrorCode::InvalidNumber))
    }
}

pub fn from_str(s: &str) -> Result<Value, Error> {
    let mut parser = Parser::new(s);
    let value = parser.parse_value()?;
    match parser.peek_non_ws() {
        None => Ok(value),
        Some(_) => Err(parser.error(ErrorCode::TrailingCharacters)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_127_is_accepted() {
        let json = format!("{}{}", "[".repeat(127), "]".repeat(127));
        assert!(from_str(&json).is_ok());
    }

    #[test]
    fn depth_128_is_rejected() {
        let json = format!("{}{}", "[".repeat(128), "]".repeat(128));
        assert_eq!(from_str(&json).unwrap_err().code, ErrorCode::RecursionLimitExceeded);
    }
}
