//! Memory accounting for query execution operators.

pub mod memory_pool;

use std::fmt;

/// Errors raised by the execution layer.
#[derive(Debug)]
pub enum DataFusionError {
    ResourcesExhausted(String),
}

impl fmt::Display for DataFusionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataFusionError::ResourcesExhausted(msg) => write!(f, "Resources exhausted: {msg}"),
        }
    }
}

pub type Result<T, E = DataFusionError> = std::result::Result<T, E>;

macro_rules! resources_datafusion_err {
    ($($arg:tt)*) => {
        $crate::DataFusionError::ResourcesExhausted(format!($($arg)*))
    };
}
pub(crate) use resources_datafusion_err;
