use std::time::Duration;

const DEFAULT_RETRIES: u32 = 16;
const DEFAULT_MAX_RETRY_WAIT_TIME: u64 = 655360;
const DEFAULT_MIN_RETRY_WAIT_TIME: u64 = 1280;
const DEFAULT_RETRY_EXPONENT_BASE: u64 = 2;
const DEFAULT_RETRY_FACTOR: u64 = 10;

#[derive(Clone, Debug)]
pub struct RetryParams {
    pub(crate) number_of_retries: u32,
    max_wait_time: u64,
    min_wait_time: u64,
    exponent_base: u64,
    factor: u64,
}

impl Default for RetryParams {
    fn default() -> Self {
        Self {
            number_of_retries: DEFAULT_RETRIES,
            max_wait_time: DEFAULT_MAX_RETRY_WAIT_TIME,
            min_wait_time: DEFAULT_MIN_RETRY_WAIT_TIME,
            exponent_base: DEFAULT_RETRY_EXPONENT_BASE,
            factor: DEFAULT_RETRY_FACTOR,
        }
    }
}

impl RetryParams {
    pub(crate) fn wait_time_for_retry(&self, retry: u32, jitter: u64) -> Duration {
        let base_wait = self.exponent_base.saturating_pow(retry).saturating_mul(self.factor);
        let clamped_wait = base_wait.clamp(self.min_wait_time, self.max_wait_time);
        let jitter = jitter % (clamped_wait / 10 + 1);
        Duration::from_millis(clamped_wait + jitter)
    }
}

/// Redis cluster specific parameters.
#[derive(Default, Clone, Debug)]
pub struct ClusterParams {
    pub(crate) password: Option<String>,
    pub(crate) username: Option<String>,
    pub(crate) read_from_replicas: bool,
    pub(crate) retry_params: RetryParams,
    pub(crate) connection_timeout: Option<Duration>,
    pub(crate) response_timeout: Option<Duration>,
}

#[derive(Default)]
pub struct ClusterClientBuilder {
    initial_nodes: Vec<String>,
    cluster_params: ClusterParams,
}

impl ClusterClientBuilder {
    pub fn new<T: Into<String>>(initial_nodes: impl IntoIterator<Item = T>) -> Self {
        ClusterClientBuilder {
            initial_nodes: initial_nodes.into_iter().map(Into::into).collect(),
            cluster_params: ClusterParams::default(),
        }
    }

    pub fn password(mut self, password: String) -> Self {
        self.cluster_params.password = Some(password);
        self
    }

    pub fn username(mut self, username: String) -> Self {
        self.cluster_params.username = Some(username);
        self
    }

    /// Sets number of retries for the new ClusterClient.
    pub fn retries(mut self, retries: u32) -> Self {
        self.cluster_params.retry_params.number_of_retries = retries;
        self
    }

    /// Sets maximal wait time in millisceonds between retries for the new ClusterClient.
    pub fn max_retry_wait(mut self, max_wait: u64) -> Self {
        self.cluster_params.retry_params.max_wait_time = max_wait;
        self
    }

    /// Sets minimal wait time in millisceonds between retries for the new ClusterClient.
    pub fn min_retry_wait(mut self, min_wait: u64) -> Self {
        self.cluster_params.retry_params.min_wait_time = min_wait;
        self
    }

    pub fn connection_timeout(mut self, connection_timeout: Duration) -> Self {
        self.cluster_params.connection_timeout = Some(connection_timeout);
        self
    }

    pub fn response_timeout(mut self, response_timeout: Duration) -> Self {
        self.cluster_params.response_timeout = Some(response_timeout);
        self
    }

    pub fn read_from_replicas(mut self) -> Self {
        self.cluster_params.read_from_replicas = true;
        self
    }

    pub fn build(self) -> (Vec<String>, ClusterParams) {
        (self.initial_nodes, self.cluster_params)
    }
}
