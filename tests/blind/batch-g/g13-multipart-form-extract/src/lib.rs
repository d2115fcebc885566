//! Typed `multipart/form-data` extraction with form-wide, in-memory and
//! per-field byte limits.

pub mod form;
pub mod readers;

use std::collections::VecDeque;

#[derive(Debug, PartialEq, Eq)]
pub enum PayloadError {
    Overflow,
    Incomplete,
}

#[derive(Debug, PartialEq, Eq)]
pub enum MultipartError {
    Payload(PayloadError),
    DuplicateField(String),
    MissingField(String),
    UnknownField(String),
    ContentTypeIncompatible,
    Field { name: String, source: String },
}

/// A single field of a multipart stream, yielding its body in chunks.
#[derive(Debug)]
pub struct Field {
    pub form_field_name: String,
    pub content_type: Option<String>,
    chunks: VecDeque<Vec<u8>>,
}

impl Field {
    pub fn new(name: &str, content_type: Option<&str>, chunks: Vec<Vec<u8>>) -> Self {
        Self {
            form_field_name: name.to_string(),
            content_type: content_type.map(str::to_string),
            chunks: chunks.into(),
        }
    }

    pub fn try_next(&mut self) -> Result<Option<Vec<u8>>, MultipartError> {
        Ok(self.chunks.pop_front())
    }
}

/// The server-side multipart stream.
pub struct Multipart {
    content_type: String,
    fields: VecDeque<Field>,
}

impl Multipart {
    pub fn new(content_type: &str, fields: Vec<Field>) -> Self {
        Self { content_type: content_type.to_string(), fields: fields.into() }
    }

    pub fn content_subtype(&self) -> &str {
        self.content_type.split('/').nth(1).unwrap_or_default()
    }

    pub fn try_next(&mut self) -> Result<Option<Field>, MultipartError> {
        Ok(self.fields.pop_front())
    }
}

/// Request data relevant to extraction: app-level configuration.
#[derive(Default)]
pub struct HttpRequest {
    pub app_config: Option<form::MultipartFormConfig>,
}
