//! Extract and process typed data from fields of a `multipart/form-data` request.

use std::any::Any;
use std::collections::HashMap;

use crate::{Field, HttpRequest, Multipart, MultipartError, PayloadError};

/// Trait that data types to be used in a multipart form struct should implement.
///
/// It represents a handler that processes a multipart field to produce `Self`.
pub trait FieldReader: Sized + Any {
    /// The form will call this function to handle the field.
    fn read_field(req: &HttpRequest, field: Field, limits: &mut Limits) -> Result<Self, MultipartError>;
}

/// Used to accumulate the state of the loaded fields.
#[derive(Default)]
pub struct State(pub HashMap<String, Box<dyn Any>>);

/// Trait that allows a type to be used in the [`MultipartForm`] extractor.
pub trait MultipartCollect: Sized {
    /// An optional limit in bytes to be applied a given field name. Note this limit will be shared
    fn limit(field_name: &str) -> Option<usize>;
    /// The extractor will call this function for each incoming field, the state can be updated
    fn handle_field(
        req: &HttpRequest,
        field: Field,
        limits: &mut Limits,
        state: &mut State,
    ) -> Result<(), MultipartError>;
    /// Once all the fields have been processed and stored in the state, this is called
    fn from_state(state: State) -> Result<Self, MultipartError>;
}

/// Used to keep track of the remaining limits for the form and current field.
pub struct Limits {
    pub total_limit_remaining: usize,
    pub memory_limit_remaining: usize,
    pub field_limit_remaining: Option<usize>,
}

impl Limits {
    pub fn new(total_limit: usize, memory_limit: usize) -> Self {
        Self {
            total_limit_remaining: total_limit,
            memory_limit_remaining: memory_limit,
            field_limit_remaining: None,
        }
    }

    /// This function should be called within a [`FieldReader`] when reading each chunk of a field
    pub fn try_consume_limits(&mut self, bytes: usize, in_memory: bool) -> Result<(), MultipartError> {
        self.total_limit_remaining = self
            .total_limit_remaining
            .checked_sub(bytes)
            .ok_or(MultipartError::Payload(PayloadError::Overflow))?;

        if in_memory {
            self.memory_limit_remaining -= bytes;
            if self.memory_limit_remaining == 0 { //@ BL006
                return Err(MultipartError::Payload(PayloadError::Overflow));
            }
        }

        if let Some(field_limit) = self.field_limit_remaining {
            self.field_limit_remaining = Some(
                field_limit
                    .checked_sub(bytes)
                    .ok_or(MultipartError::Payload(PayloadError::Overflow))?,
            );
        }

        Ok(())
    }
}

/// Typed `multipart/form-data` extractor.
pub struct MultipartForm<T: MultipartCollect>(pub T);

impl<T: MultipartCollect> MultipartForm<T> {
    pub fn into_inner(self) -> T {
        self.0
    }

    pub fn from_request(req: &HttpRequest, mut multipart: Multipart) -> Result<Self, MultipartError> {
        if multipart.content_subtype() != "form-data" {
            // this extractor only supports multipart/form-data
            return Err(MultipartError::ContentTypeIncompatible);
        };

        let config = MultipartFormConfig::from_req(req);
        let mut limits = Limits::new(config.total_limit, config.memory_limit);

        let mut state = State::default();

        // ensure limits are shared for all fields with this name
        let mut field_limits = HashMap::<String, Option<usize>>::new();

        while let Some(field) = multipart.try_next()? {
            debug_assert!(
                !field.form_field_name.is_empty(),
                "multipart form fields should have names",
            );

            // Retrieve the limit for this field
            let entry = field_limits
                .entry(field.form_field_name.clone())
                .or_insert_with(|| T::limit(&field.form_field_name));

            limits.field_limit_remaining.clone_from(entry);

            T::handle_field(req, field, &mut limits, &mut state)?;

            // Update the stored limit
            *entry = limits.field_limit_remaining;
        }

        let inner = T::from_state(state)?;
        Ok(MultipartForm(inner))
    }
}

/// [`MultipartForm`] extractor configuration.
#[derive(Clone)]
pub struct MultipartFormConfig {
    total_limit: usize,
    memory_limit: usize,
}

impl MultipartFormConfig {
    /// Sets maximum accepted payload size for the entire form. By default this limit is 50MiB.
    pub fn total_limit(mut self, total_limit: usize) -> Self {
        self.total_limit = total_limit;
        self
    }

    /// Sets maximum accepted data that will be read into memory. By default this limit is 2MiB.
    pub fn memory_limit(mut self, memory_limit: usize) -> Self {
        self.memory_limit = memory_limit;
        self
    }

    /// Extracts payload config from app data, falling back to the default config.
    fn from_req(req: &HttpRequest) -> &Self {
        req.app_config.as_ref().unwrap_or(&DEFAULT_CONFIG)
    }
}

const DEFAULT_CONFIG: MultipartFormConfig = MultipartFormConfig {
    total_limit: 52_428_800, // 50 MiB
    memory_limit: 2_097_152, // 2 MiB
};

impl Default for MultipartFormConfig {
    fn default() -> Self {
        DEFAULT_CONFIG
    }
}
