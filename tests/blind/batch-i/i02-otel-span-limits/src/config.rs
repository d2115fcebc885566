//! SDK Configuration
//!
//! Configuration represents the global tracing configuration, overrides
//! can be set for the default OpenTelemetry limits.

use std::env;
use std::str::FromStr;

use crate::span_limit::SpanLimits;

/// Tracer configuration
#[derive(Debug, Clone)]
pub struct Config {
    /// Whether spans are recorded at all.
    pub sampled: bool,
    /// span limits
    pub span_limits: SpanLimits,
    /// The `service.name` resource attribute.
    pub service_name: Option<String>,
}

fn env_u32(name: &str) -> Option<u32> {
    env::var(name).ok().and_then(|v| u32::from_str(v.trim()).ok())
}

impl Config {
    /// Specify the number of events to be recorded per span.
    pub fn with_max_events_per_span(mut self, max_events: u32) -> Self {
        self.span_limits.max_events_per_span = max_events;
        self
    }

    /// Specify the number of attributes to be recorded per span.
    pub fn with_max_attributes_per_span(mut self, max_attributes: u32) -> Self {
        self.span_limits.max_attributes_per_span = max_attributes;
        self
    }

    /// Specify the number of events to be recorded per span.
    pub fn with_max_links_per_span(mut self, max_links: u32) -> Self {
        self.span_limits.max_links_per_span = max_links;
        self
    }

    /// Specify the number of attributes one event can have.
    pub fn with_max_attributes_per_event(mut self, max_attributes: u32) -> Self {
        self.span_limits.max_attributes_per_event = max_attributes;
        self
    }

    /// Specify the number of attributes one link can have.
    pub fn with_max_attributes_per_link(mut self, max_attributes: u32) -> Self {
        self.span_limits.max_attributes_per_link = max_attributes;
        self
    }

    /// Specify all limit via the span_limits
    pub fn with_span_limits(mut self, span_limits: SpanLimits) -> Self {
        self.span_limits = span_limits;
        self
    }
}

impl Default for Config {
    /// Create default global sdk configuration.
    fn default() -> Self {
        let mut config = Config {
            sampled: true,
            span_limits: SpanLimits::default(),
            service_name: env::var("OTEL_SERVICE_NAME").ok(),
        };

        if let Some(max_attributes_per_span) = env_u32("OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT") {
            config.span_limits.max_attributes_per_span = max_attributes_per_span;
        }

        if let Some(max_events_per_span) = env_u32("OTEL_SPAN_EVENT_COUNT_LIMIT") {
            config.span_limits.max_events_per_span = max_events_per_span;
        }

        if let Some(max_links_per_span) = env_u32("OTEL_SPAN_LINK_COUNT_LIMIT") {
            config.span_limits.max_links_per_span = max_links_per_span;
        }

        if let Some(max_attributes_per_event) = env_u32("OTEL_EVENT_ATTRIBUTE_COUNT_LIMIT") {
            config.span_limits.max_attributes_per_event = max_attributes_per_event;
        }

        if let Some(max_attributes_per_link) = env_u32("OTEL_LINK_ATTRIBUTE_COUNT_LIMIT") {
            config.span_limits.max_attributes_per_link = max_attributes_per_link;
        }

        if let Ok(sampler) = env::var("OTEL_TRACES_SAMPLER") {
            config.sampled = sampler != "always_off";
        }

        config
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builder_overrides() {
        let config = Config::default()
            .with_max_attributes_per_link(5)
            .with_max_links_per_span(2);
        assert_eq!(config.span_limits.max_attributes_per_link, 5);
        assert_eq!(config.span_limits.max_links_per_span, 2);
    }
}
