//! Roundtrip serde Options module.

use crate::{de::Deserializer, error::Result, extensions::Extensions, ser::Serializer, Value};

/// Roundtrip serde options.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Options {
    /// Extensions that are enabled by default during serialization and
    ///  deserialization.
    pub default_extensions: Extensions,
    /// Default recursion limit that is checked during serialization and
    ///  deserialization.
    pub recursion_limit: Option<usize>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            default_extensions: Extensions::empty(),
            recursion_limit: Some(128),
        }
    }
}

impl Options {
    #[must_use]
    /// Enable `default_extension` by default during serialization and deserialization.
    pub fn with_default_extension(mut self, default_extension: Extensions) -> Self {
        self.default_extensions |= default_extension;
        self
    }

    #[must_use]
    /// Do NOT enable `default_extension` by default during serialization and deserialization.
    pub fn without_default_extension(mut self, default_extension: Extensions) -> Self {
        self.default_extensions &= !default_extension;
        self
    }

    #[must_use]
    /// Set a maximum recursion limit during serialization and deserialization.
    pub fn with_recursion_limit(mut self, recursion_limit: usize) -> Self {
        self.recursion_limit = Some(recursion_limit);
        self
    }

    #[must_use]
    /// Disable the recursion limit during serialization and deserialization.
    pub fn without_recursion_limit(mut self) -> Self {
        self.recursion_limit = None;
        self
    }

    /// A convenience function for building a deserializer
    /// and deserializing a value from a string.
    pub fn from_str(&self, s: &str) -> Result<Value> {
        let mut deserializer = Deserializer::from_str_with_options(s, self);
        let value = deserializer.parse_value()?;
        deserializer.end()?;
        Ok(value)
    }

    /// Serializes `value` and returns it as string.
    pub fn to_string(&self, value: &Value) -> Result<String> {
        let mut output = String::new();
        let mut s = Serializer::with_options(&mut output, self);
        s.serialize(value)?;
        Ok(output)
    }
}
