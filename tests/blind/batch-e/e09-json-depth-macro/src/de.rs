//! Deserialize JSON data to a `Value`.

use crate::error::{Error, ErrorCode, Result};
use crate::read::SliceRead;
use crate::Value;

/// A structure that deserializes JSON into values.
pub struct Deserializer<'a> {
    read: SliceRead<'a>,
    scratch: Vec<u8>,
    remaining_depth: u8,
    disable_recursion_limit: bool,
}

impl<'a> Deserializer<'a> {
    /// Creates a JSON deserializer from a `&str`.
    pub fn from_str(s: &'a str) -> Self {
        Deserializer {
            read: SliceRead::new(s.as_bytes()),
            scratch: Vec::new(),
            remaining_depth: 128,
            disable_recursion_limit: false,
        }
    }

    /// Parse arbitrarily deep JSON structures without any consideration for
    /// overflowing the stack.
    pub fn disable_recursion_limit(&mut self) {
        self.disable_recursion_limit = true;
    }

    /// The `Deserializer::end` method should be called after a value has been fully deserialized.
    pub fn end(&mut self) -> Result<()> {
        match tri!(self.parse_whitespace()) {
            Some(_) => Err(self.peek_error(ErrorCode::TrailingCharacters)),
            None => Ok(()),
        }
    }

    fn peek(&mut self) -> Result<Option<u8>> {
        Ok(self.read.peek())
    }

    fn eat_char(&mut self) {
        self.read.discard();
    }

    fn next_char(&mut self) -> Result<Option<u8>> {
        Ok(self.read.next())
    }

    #[cold]
    fn error(&self, reason: ErrorCode) -> Error {
        let position = self.read.position();
        Error::syntax(reason, position.line, position.column)
    }

    #[cold]
    fn peek_error(&self, reason: ErrorCode) -> Error {
        let position = self.read.position();
        Error::syntax(reason, position.line, position.column + 1)
    }

    /// Returns the first non-whitespace byte without consuming it, or `None` if
    /// EOF is encountered.
    fn parse_whitespace(&mut self) -> Result<Option<u8>> {
        loop {
            match tri!(self.peek()) {
                Some(b' ') | Some(b'\n') | Some(b'\t') | Some(b'\r') => {
                    self.eat_char();
                }
                other => {
                    return Ok(other);
                }
            }
        }
    }

    fn parse_ident(&mut self, ident: &[u8]) -> Result<()> {
        for expected in ident {
            match tri!(self.next_char()) {
                None => {
                    return Err(self.error(ErrorCode::EofWhileParsingValue));
                }
                Some(next) => {
                    if next != *expected {
                        return Err(self.error(ErrorCode::ExpectedSomeIdent));
                    }
                }
            }
        }

        Ok(())
    }

    fn parse_integer(&mut self) -> Result<u64> {
        let mut significand: u64 = 0;
        let mut digits = 0;
        while let Some(c @ b'0'..=b'9') = tri!(self.peek()) {
            let digit = (c - b'0') as u64;

            // We need to be careful with overflow.
            if overflow!(significand * 10 + digit, u64::MAX) {
                return Err(self.peek_error(ErrorCode::NumberOutOfRange));
            }

            self.eat_char();
            significand = significand * 10 + digit;
            digits += 1;
        }
        if digits == 0 {
            return Err(self.peek_error(ErrorCode::InvalidNumber));
        }
        Ok(significand)
    }

    /// Parses any value; arrays and objects recurse through `check_recursion!`.
    pub fn parse_value(&mut self) -> Result<Value> {
        let peek = match tri!(self.parse_whitespace()) {
            Some(b) => b,
            None => {
                return Err(self.peek_error(ErrorCode::EofWhileParsingValue));
            }
        };

        let value = match peek {
            b'n' => {
                self.eat_char();
                tri!(self.parse_ident(b"ull"));
                Value::Null
            }
            b't' => {
                self.eat_char();
                tri!(self.parse_ident(b"rue"));
                Value::Bool(true)
            }
            b'f' => {
                self.eat_char();
                tri!(self.parse_ident(b"alse"));
                Value::Bool(false)
            }
            b'0'..=b'9' => Value::Number(tri!(self.parse_integer())),
            b'"' => {
                self.eat_char();
                match self.read.parse_str(&mut self.scratch) {
                    Some(s) => Value::String(s),
                    None => return Err(self.error(ErrorCode::EofWhileParsingValue)),
                }
            }
            b'[' => {
                let ret;
                check_recursion! {
                    self.eat_char();
                    ret = self.parse_seq();
                }
                Value::Array(tri!(ret))
            }
            b'{' => {
                let ret;
                check_recursion! {
                    self.eat_char();
                    ret = self.parse_map();
                }
                Value::Object(tri!(ret))
            }
            _ => return Err(self.peek_error(ErrorCode::ExpectedSomeValue)),
        };

        Ok(value)
    }

    fn parse_seq(&mut self) -> Result<Vec<Value>> {
        let mut out = Vec::new();
        if tri!(self.parse_whitespace()) == Some(b']') {
            self.eat_char();
            return Ok(out);
        }
        loop {
            out.push(tri!(self.parse_value()));
            match tri!(self.parse_whitespace()) {
                Some(b',') => self.eat_char(),
                Some(b']') => {
                    self.eat_char();
                    return Ok(out);
                }
                Some(_) => return Err(self.peek_error(ErrorCode::ExpectedListCommaOrEnd)),
                None => return Err(self.peek_error(ErrorCode::EofWhileParsingValue)),
            }
        }
    }

    fn parse_map(&mut self) -> Result<Vec<(String, Value)>> {
        let mut out = Vec::new();
        if tri!(self.parse_whitespace()) == Some(b'}') {
            self.eat_char();
            return Ok(out);
        }
        loop {
            let key = match tri!(self.parse_value()) {
                Value::String(s) => s,
                _ => return Err(self.peek_error(ErrorCode::ExpectedSomeIdent)),
            };
            if tri!(self.parse_whitespace()) != Some(b':') {
                return Err(self.peek_error(ErrorCode::ExpectedColon));
            }
            self.eat_char();
            out.push((key, tri!(self.parse_value())));
            match tri!(self.parse_whitespace()) {
                Some(b',') => self.eat_char(),
                Some(b'}') => {
                    self.eat_char();
                    return Ok(out);
                }
                Some(_) => return Err(self.peek_error(ErrorCode::ExpectedObjectCommaOrEnd)),
                None => return Err(self.peek_error(ErrorCode::EofWhileParsingValue)),
            }
        }
    }
}

/// Deserialize a `Value` from a string of JSON text.
pub fn from_str(s: &str) -> Result<Value> {
    let mut de = Deserializer::from_str(s);
    let value = tri!(de.parse_value());
    tri!(de.end());
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_nesting_is_rejected() {
        let json = "[".repeat(200) + &"]".repeat(200);
        let err = from_str(&json).unwrap_err();
        assert_eq!(err.code(), ErrorCode::RecursionLimitExceeded);
    }

    #[test]
    fn unbounded_when_disabled() {
        let json = "[".repeat(200) + &"]".repeat(200);
        let mut de = Deserializer::from_str(&json);
        de.disable_recursion_limit();
        assert!(de.parse_value().is_ok());
    }
}
