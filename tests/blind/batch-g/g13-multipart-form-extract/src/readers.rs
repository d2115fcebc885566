//! Field readers: in-memory bytes, UTF-8 text, and spooled temporary files.

use std::io::Write;

use crate::form::{FieldReader, Limits};
use crate::{Field, HttpRequest, MultipartError};

/// Read the field into memory.
#[derive(Debug)]
pub struct Bytes {
    pub data: Vec<u8>,
    pub content_type: Option<String>,
    pub file_name: Option<String>,
}

impl FieldReader for Bytes {
    fn read_field(_req: &HttpRequest, mut field: Field, limits: &mut Limits) -> Result<Self, MultipartError> {
        let mut buf = Vec::with_capacity(131_072);

        while let Some(chunk) = field.try_next()? {
            limits.try_consume_limits(chunk.len(), true)?;
            buf.extend(chunk);
        }

        Ok(Bytes {
            data: buf,
            content_type: field.content_type,
            file_name: None,
        })
    }
}

/// Deserialize from plain text, buffered in memory.
#[derive(Debug)]
pub struct Text(pub String);

impl FieldReader for Text {
    fn read_field(req: &HttpRequest, field: Field, limits: &mut Limits) -> Result<Self, MultipartError> {
        let name = field.form_field_name.clone();
        let bytes = Bytes::read_field(req, field, limits)?;
        String::from_utf8(bytes.data)
            .map(Text)
            .map_err(|e| MultipartError::Field { name, source: e.to_string() })
    }
}

/// Write the field to a temporary file; counts against the total limit only.
#[derive(Debug)]
pub struct TempFile {
    pub path: std::path::PathBuf,
    pub size: usize,
}

impl FieldReader for TempFile {
    fn read_field(_req: &HttpRequest, mut field: Field, limits: &mut Limits) -> Result<Self, MultipartError> {
        let path = std::env::temp_dir().join(format!("upload-{}-{}", std::process::id(), field.form_field_name));
        let io_err = |e: std::io::Error| MultipartError::Field {
            name: field.form_field_name.clone(),
            source: e.to_string(),
        };
        let mut file = std::fs::File::create(&path).map_err(io_err)?;
        let mut size = 0;

        while let Some(chunk) = field.try_next()? {
            limits.try_consume_limits(chunk.len(), false)?;
            size += chunk.len();
            file.write_all(&chunk).map_err(|e| MultipartError::Field {
                name: field.form_field_name.clone(),
                source: e.to_string(),
            })?;
        }

        Ok(TempFile { path, size })
    }
}

/// What `#[derive(MultipartForm)]` expands to for:
///
/// ```ignore
/// struct Upload {
///     #[multipart(limit = "100MiB")]
///     file: TempFile,
///     #[multipart(limit = "4KiB")]
///     description: Text,
///     thumbnail: Option<Bytes>,
/// }
/// ```
pub struct Upload {
    pub file: TempFile,
    pub description: Text,
    pub thumbnail: Option<Bytes>,
}

impl crate::form::MultipartCollect for Upload {
    fn limit(field_name: &str) -> Option<usize> {
        match field_name {
            "file" => Some(100 * 1024 * 1024),
            "description" => Some(4 * 1024),
            _ => None,
        }
    }

    fn handle_field(
        req: &HttpRequest,
        field: Field,
        limits: &mut Limits,
        state: &mut crate::form::State,
    ) -> Result<(), MultipartError> {
        let name = field.form_field_name.clone();
        if state.0.contains_key(&name) {
            return Err(MultipartError::DuplicateField(name));
        }
        let value: Box<dyn std::any::Any> = match name.as_str() {
            "file" => Box::new(TempFile::read_field(req, field, limits)?),
            "description" => Box::new(Text::read_field(req, field, limits)?),
            "thumbnail" => Box::new(Bytes::read_field(req, field, limits)?),
            _ => return Err(MultipartError::UnknownField(name)),
        };
        state.0.insert(name, value);
        Ok(())
    }

    fn from_state(mut state: crate::form::State) -> Result<Self, MultipartError> {
        let mut take = |name: &str| state.0.remove(name);
        let missing = |name: &str| MultipartError::MissingField(name.to_string());
        Ok(Upload {
            file: *take("file").ok_or_else(|| missing("file"))?.downcast().unwrap(),
            description: *take("description").ok_or_else(|| missing("description"))?.downcast().unwrap(),
            thumbnail: take("thumbnail").map(|b| *b.downcast().unwrap()),
        })
    }
}
