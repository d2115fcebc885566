//! Serialization.

use std::fmt::Write;

use crate::{error::Result, Error, Options, Value};

/// The RON serializer.
pub struct Serializer<W: Write> {
    output: W,
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

impl<W: Write> Serializer<W> {
    /// Creates a new [`Serializer`].
    pub fn with_options(writer: W, options: &Options) -> Self {
        Serializer {
            output: writer,
            recursion_limit: options.recursion_limit,
        }
    }

    fn write(&mut self, s: &str) -> Result<()> {
        self.output.write_str(s).map_err(|_| Error::Eof)
    }

    pub fn serialize(&mut self, value: &Value) -> Result<()> {
        match value {
            Value::Unit => self.write("()"),
            Value::Bool(b) => self.write(if *b { "true" } else { "false" }),
            Value::Number(n) => self.write(&n.to_string()),
            Value::String(s) => {
                self.write("\"")?;
                self.write(s)?;
                self.write("\"")
            }
            Value::Seq(items) => guard_recursion! { self => self.serialize_items("[", items, "]") },
            Value::Tuple(items) => guard_recursion! { self => self.serialize_items("(", items, ")") },
            Value::Map(entries) => guard_recursion! { self => {
                self.write("{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        self.write(",")?;
                    }
                    self.serialize(k)?;
                    self.write(":")?;
                    self.serialize(v)?;
                }
                self.write("}")
            } },
        }
    }

    fn serialize_items(&mut self, open: &str, items: &[Value], close: &str) -> Result<()> {
        self.write(open)?;
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.write(",")?;
            }
            self.serialize(item)?;
        }
        self.write(close)
    }
}

#[cfg(test)]
mod tests {
    use crate::{from_str, Error, Options};

    #[test]
    fn nested_lists_hit_the_limit() {
        let ron = "[".repeat(10) + &"]".repeat(10);
        let opts = Options::default().with_recursion_limit(5);
        assert_eq!(opts.from_str(&ron), Err(Error::ExceededRecursionLimit));
        assert!(from_str(&ron).is_ok());
    }
}
