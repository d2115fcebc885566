use std::collections::HashSet;

use crate::metrics::EndpointMetricsRegistry;
use crate::monitor_config::{GracePeriod, MonitorConfig};
use crate::ApiEndpoint;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InferenceProvider {
    pub name: String,
    pub endpoints: Vec<ApiEndpoint>,
}

/// Monitors health of provider APIs and reports providers that became
/// unhealthy.
#[derive(Debug, Clone)]
pub struct ProviderMonitorInner {
    config: MonitorConfig,
    endpoint_metrics: EndpointMetricsRegistry,
    unhealthy_keys: HashSet<String>,
}

impl ProviderMonitorInner {
    pub fn new(config: MonitorConfig, endpoint_metrics: EndpointMetricsRegistry) -> Self {
        Self { config, endpoint_metrics, unhealthy_keys: HashSet::default() }
    }

    fn check_health(&self, provider: &InferenceProvider) -> Result<bool, String> {
        let grace_period = self.config.grace_period();
        let mut all_healthy = true;
        for endpoint in &provider.endpoints {
            let endpoint_metrics = self.endpoint_metrics.health_metrics(*endpoint)?;
            let requests = endpoint_metrics.request_count.total();
            match grace_period {
                GracePeriod::Requests { min_requests } => {
                    if requests < *min_requests {
                        continue;
                    }
                }
            }

            let errors = endpoint_metrics.remote_internal_error_count.total();
            let error_ratio = f64::from(errors) / f64::from(requests);

            if error_ratio > self.config.error_threshold() {
                all_healthy = false;
            }
        }
        Ok(all_healthy)
    }

    /// Returns (removed, restored) provider names for this tick.
    pub fn check_monitor(
        &mut self,
        providers: &[InferenceProvider],
    ) -> Result<(Vec<String>, Vec<String>), String> {
        let mut removed = Vec::new();
        let mut restored = Vec::new();
        for provider in providers {
            let healthy = self.check_health(provider)?;
            let was_unhealthy = self.unhealthy_keys.contains(&provider.name);
            if !healthy && !was_unhealthy {
                self.unhealthy_keys.insert(provider.name.clone());
                removed.push(provider.name.clone());
            } else if healthy && was_unhealthy {
                self.unhealthy_keys.remove(&provider.name);
                restored.push(provider.name.clone());
            }
        }
        Ok((removed, restored))
    }
}
