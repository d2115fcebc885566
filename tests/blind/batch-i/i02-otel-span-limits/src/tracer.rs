use std::borrow::Cow;
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use crate::config::Config;
use crate::span_limit::SpanLimits;
use crate::{Event, EvictedQueue, KeyValue, Link, SpanData};

/// `SpanBuilder` allows span attributes to be configured before the span
/// has started.
#[derive(Clone, Debug, Default)]
pub struct SpanBuilder {
    pub name: Cow<'static, str>,
    pub start_time: Option<SystemTime>,
    pub attributes: Option<Vec<KeyValue>>,
    pub events: Option<Vec<Event>>,
    pub links: Option<Vec<Link>>,
}

impl SpanBuilder {
    pub fn from_name(name: impl Into<Cow<'static, str>>) -> Self {
        SpanBuilder { name: name.into(), ..Default::default() }
    }

    pub fn with_attributes(self, attributes: Vec<KeyValue>) -> Self {
        SpanBuilder { attributes: Some(attributes), ..self }
    }

    pub fn with_links(self, links: Vec<Link>) -> Self {
        SpanBuilder { links: Some(links), ..self }
    }

    pub fn with_events(self, events: Vec<Event>) -> Self {
        SpanBuilder { events: Some(events), ..self }
    }
}

/// Hands finished spans to the exporter pipeline.
pub trait SpanProcessor: Send + Sync {
    fn on_end(&self, span: SpanData);
}

/// Keeps every finished span in memory; used by tests and the stdout exporter.
#[derive(Default)]
pub struct InMemoryProcessor {
    pub finished: Mutex<Vec<SpanData>>,
}

impl SpanProcessor for InMemoryProcessor {
    fn on_end(&self, span: SpanData) {
        self.finished.lock().unwrap().push(span);
    }
}

#[derive(Clone)]
pub struct Tracer {
    config: Arc<Config>,
    processor: Arc<dyn SpanProcessor>,
}

impl Tracer {
    pub fn new(config: Config, processor: Arc<dyn SpanProcessor>) -> Self {
        Tracer { config: Arc::new(config), processor }
    }

    /// Starts a span from a `SpanBuilder`, applying the configured limits to
    /// everything supplied up front.
    pub fn build(&self, mut builder: SpanBuilder) -> Span {
        if !self.config.sampled {
            return Span { data: None, span_limits: self.config.span_limits, processor: None };
        }
        let span_limits = self.config.span_limits;

        let mut attributes = builder.attributes.take().unwrap_or_default();
        let span_attributes_limit = span_limits.max_attributes_per_span as usize;
        let dropped_attributes_count = attributes.len().saturating_sub(span_attributes_limit);
        attributes.truncate(span_attributes_limit);

        let mut links = builder.links.take().unwrap_or_default();
        let span_links_limit = span_limits.max_links_per_span as usize;
        let dropped_links_count = links.len().saturating_sub(span_links_limit);
        links.truncate(span_links_limit);

        let mut events = EvictedQueue::new(span_limits.max_events_per_span);
        let event_attributes_limit = span_limits.max_attributes_per_event as usize;
        for mut event in builder.events.take().unwrap_or_default() {
            let dropped = event.attributes.len().saturating_sub(event_attributes_limit);
            event.attributes.truncate(event_attributes_limit);
            event.dropped_attributes_count += dropped as u32;
            events.push_back(event);
        }

        let start_time = builder.start_time.unwrap_or_else(SystemTime::now);
        Span {
            data: Some(SpanData {
                name: builder.name,
                start_time,
                end_time: start_time,
                attributes,
                dropped_attributes_count: dropped_attributes_count as u32,
                events,
                links,
                dropped_links_count: dropped_links_count as u32,
            }),
            span_limits,
            processor: Some(self.processor.clone()),
        }
    }
}

/// Single operation within a trace.
pub struct Span {
    data: Option<SpanData>,
    span_limits: SpanLimits,
    processor: Option<Arc<dyn SpanProcessor>>,
}

impl Span {
    /// Operate on a mutable reference to span data
    fn with_data<T, F>(&mut self, f: F) -> Option<T>
    where
        F: FnOnce(&mut SpanData) -> T,
    {
        self.data.as_mut().map(f)
    }

    /// Records events at a specific time in the context of a given `Span`.
    pub fn add_event_with_timestamp<T>(&mut self, name: T, timestamp: SystemTime, mut attributes: Vec<KeyValue>)
    where
        T: Into<Cow<'static, str>>,
    {
        let event_attributes_limit = self.span_limits.max_attributes_per_event as usize;
        self.with_data(|data| {
            let dropped_attributes_count = attributes.len().saturating_sub(event_attributes_limit);
            attributes.truncate(event_attributes_limit);

            data.events.push_back(Event::new(
                name,
                timestamp,
                attributes,
                dropped_attributes_count as u32,
            ))
        });
    }

    pub fn add_event<T>(&mut self, name: T, attributes: Vec<KeyValue>)
    where
        T: Into<Cow<'static, str>>,
    {
        self.add_event_with_timestamp(name, SystemTime::now(), attributes)
    }

    /// Sets a single `Attribute` where the attribute properties are passed as arguments.
    pub fn set_attribute(&mut self, attribute: KeyValue) {
        let span_attribute_limit = self.span_limits.max_attributes_per_span as usize;
        self.with_data(|data| {
            if data.attributes.len() < span_attribute_limit {
                data.attributes.push(attribute);
            } else {
                data.dropped_attributes_count += 1;
            }
        });
    }

    /// Returns true if this `Span` is recording information.
    pub fn is_recording(&self) -> bool {
        self.data.is_some()
    }

    /// Finishes the span, handing it to the processor.
    pub fn end(&mut self) {
        if let (Some(mut data), Some(processor)) = (self.data.take(), self.processor.take()) {
            data.end_time = SystemTime::now();
            processor.on_end(data);
        }
    }
}

impl Drop for Span {
    fn drop(&mut self) {
        self.end();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_attributes_are_capped() {
        let processor = Arc::new(InMemoryProcessor::default());
        let tracer = Tracer::new(Config::default().with_max_attributes_per_span(2), processor.clone());
        let mut span = tracer.build(SpanBuilder::from_name("op"));
        for i in 0..5 {
            span.set_attribute(KeyValue::new(format!("k{i}"), "v"));
        }
        span.end();
        let finished = processor.finished.lock().unwrap();
        assert_eq!(finished[0].attributes.len(), 2);
        assert_eq!(finished[0].dropped_attributes_count, 3);
    }

    #[test]
    fn links_are_capped() {
        let processor = Arc::new(InMemoryProcessor::default());
        let tracer = Tracer::new(Config::default().with_max_links_per_span(1), processor.clone());
        let links = vec![Link::new(1, 1, vec![]), Link::new(1, 2, vec![])];
        drop(tracer.build(SpanBuilder::from_name("op").with_links(links)));
        let finished = processor.finished.lock().unwrap();
        assert_eq!(finished[0].links.len(), 1);
        assert_eq!(finished[0].dropped_links_count, 1);
    }
}
