//! Cluster-aware key-value client: request routing with redirect and
//! back-off retries.

pub mod client;
pub mod cluster;

pub use client::{ClusterClientBuilder, ClusterParams, RetryParams};
pub use cluster::ClusterConnection;

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    Moved { slot: u16, addr: String },
    Ask { slot: u16, addr: String },
    TryAgain,
    ClusterDown,
    Io,
    Response,
}

#[derive(Debug, Clone)]
pub struct RedisError {
    pub kind: ErrorKind,
    pub detail: String,
}

impl fmt::Display for RedisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.kind, self.detail)
    }
}

pub enum RetryMethod {
    Reconnect,
    NoRetry,
    RetryImmediately,
    WaitAndRetry,
    AskRedirect,
    MovedRedirect,
}

impl RedisError {
    pub fn retry_method(&self) -> RetryMethod {
        match self.kind {
            ErrorKind::Moved { .. } => RetryMethod::MovedRedirect,
            ErrorKind::Ask { .. } => RetryMethod::AskRedirect,
            ErrorKind::TryAgain | ErrorKind::ClusterDown => RetryMethod::WaitAndRetry,
            ErrorKind::Io => RetryMethod::Reconnect,
            ErrorKind::Response => RetryMethod::NoRetry,
        }
    }

    pub fn redirect_node(&self) -> Option<(&str, u16)> {
        match &self.kind {
            ErrorKind::Moved { slot, addr } | ErrorKind::Ask { slot, addr } => Some((addr.as_str(), *slot)),
            _ => None,
        }
    }
}

pub type RedisResult<T> = Result<T, RedisError>;
