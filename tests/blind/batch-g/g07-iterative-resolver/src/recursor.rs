use std::net::IpAddr;
use std::sync::atomic::AtomicU8;
use std::sync::Arc;

use crate::recursor_dns_handle::RecursorDnsHandle;
use crate::{ConnectionProvider, Error, Message, Query};

/// A `Recursor` builder
#[derive(Clone)]
pub struct RecursorBuilder<P: ConnectionProvider> {
    pub(crate) ns_cache_size: usize,
    pub(crate) response_cache_size: usize,
    pub(crate) recursion_limit: Option<u8>,
    pub(crate) ns_recursion_limit: Option<u8>,
    pub(crate) conn_provider: P,
}

impl<P: ConnectionProvider> RecursorBuilder<P> {
    pub fn new(conn_provider: P) -> Self {
        Self {
            ns_cache_size: 1_024,
            response_cache_size: 1_048_576,
            recursion_limit: Some(24),
            ns_recursion_limit: Some(24),
            conn_provider,
        }
    }

    pub fn ns_cache_size(mut self, size: usize) -> Self {
        self.ns_cache_size = size;
        self
    }

    pub fn record_cache_size(mut self, size: usize) -> Self {
        self.response_cache_size = size;
        self
    }

    /// Sets the maximum recursion depth for queries; set to None for unlimited recursion.
    pub fn recursion_limit(mut self, limit: Option<u8>) -> Self {
        self.recursion_limit = limit;
        self
    }

    /// Sets the maximum recursion depth for name server queries; set to None for
    pub fn ns_recursion_limit(mut self, limit: Option<u8>) -> Self {
        self.ns_recursion_limit = limit;
        self
    }

    pub fn build(self, roots: &[IpAddr]) -> Result<Recursor<P>, Error> {
        if roots.is_empty() {
            return Err(Error::from("roots must not be empty".to_string()));
        }
        Ok(Recursor { handle: RecursorDnsHandle::new(roots, self) })
    }
}

/// A top down recursive resolver which operates off a list of roots for initial recursive requests.
pub struct Recursor<P: ConnectionProvider> {
    handle: RecursorDnsHandle<P>,
}

impl<P: ConnectionProvider> Recursor<P> {
    pub fn resolve(&self, query: Query) -> Result<Message, Error> {
        self.handle.resolve(query, 0, Arc::new(AtomicU8::new(0)))
    }
}
