//! The tracing SDK: spans, their events and links, and the limits that keep
//! them bounded.

pub mod config;
pub mod span_limit;
pub mod tracer;

use std::borrow::Cow;
use std::collections::VecDeque;
use std::time::SystemTime;

pub use config::Config;
pub use span_limit::SpanLimits;
pub use tracer::{Span, SpanBuilder, Tracer};

/// Key/value pair supplied with a span, event or link.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyValue {
    pub key: Cow<'static, str>,
    pub value: String,
}

impl KeyValue {
    pub fn new(key: impl Into<Cow<'static, str>>, value: impl Into<String>) -> Self {
        KeyValue { key: key.into(), value: value.into() }
    }
}

/// A timestamped annotation on a span.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub name: Cow<'static, str>,
    pub timestamp: SystemTime,
    pub attributes: Vec<KeyValue>,
    pub dropped_attributes_count: u32,
}

impl Event {
    pub fn new(
        name: impl Into<Cow<'static, str>>,
        timestamp: SystemTime,
        attributes: Vec<KeyValue>,
        dropped_attributes_count: u32,
    ) -> Self {
        Event { name: name.into(), timestamp, attributes, dropped_attributes_count }
    }
}

/// A pointer from the current span to another span in the same or a
/// different trace.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub trace_id: u128,
    pub span_id: u64,
    pub attributes: Vec<KeyValue>,
    pub dropped_attributes_count: u32,
}

impl Link {
    pub fn new(trace_id: u128, span_id: u64, attributes: Vec<KeyValue>) -> Self {
        Link { trace_id, span_id, attributes, dropped_attributes_count: 0 }
    }
}

/// This queue maintains an ordered list of elements, and a count of
/// dropped elements. Elements are removed from the queue in a first
/// in first out fashion.
#[derive(Clone, Debug, PartialEq)]
pub struct EvictedQueue<T> {
    queue: Option<VecDeque<T>>,
    max_len: u32,
    dropped_count: u32,
}

impl<T> EvictedQueue<T> {
    /// Create a new `EvictedQueue` with a given max length.
    pub fn new(max_len: u32) -> Self {
        EvictedQueue { queue: None, max_len, dropped_count: 0 }
    }

    /// Push a new element to the back of the queue, dropping and
    /// recording dropped count if over capacity.
    pub fn push_back(&mut self, value: T) {
        let queue = self.queue.get_or_insert_with(Default::default);
        if queue.len() as u32 == self.max_len {
            queue.pop_front();
            self.dropped_count += 1;
        }
        queue.push_back(value);
    }

    pub fn len(&self) -> usize {
        self.queue.as_ref().map_or(0, |queue| queue.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.queue.iter().flat_map(|q| q.iter())
    }

    /// Count of dropped attributes
    pub fn dropped_count(&self) -> u32 {
        self.dropped_count
    }
}

/// Everything recorded on a span, as handed to exporters.
#[derive(Clone, Debug, PartialEq)]
pub struct SpanData {
    pub name: Cow<'static, str>,
    pub start_time: SystemTime,
    pub end_time: SystemTime,
    pub attributes: Vec<KeyValue>,
    /// The number of attributes that were above the configured limit, and thus
    /// dropped.
    pub dropped_attributes_count: u32,
    pub events: EvictedQueue<Event>,
    pub links: Vec<Link>,
    pub dropped_links_count: u32,
}
