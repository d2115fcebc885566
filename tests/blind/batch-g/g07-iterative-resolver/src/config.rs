//! Server-side configuration of the recursive authority and the glue that
//! turns it into a `Recursor`.

use std::net::IpAddr;

use crate::{ConnectionProvider, Error, Message, Name, Query, RecordType, Recursor, RecursorBuilder};

/// Configuration for the recursive resolver zone, as read from the server's config file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecursiveConfig {
    /// File with roots, aka hints
    pub roots: Vec<IpAddr>,
    /// Maximum nameserver cache size
    pub ns_cache_size: usize,
    /// Maximum DNS response cache size
    pub response_cache_size: usize,
    /// Maximum recursion depth for queries. Set to 0 for unlimited recursion depth.
    pub recursion_limit: Option<u8>,
    /// Maximum recursion depth for building NS pools. Set to 0 for unlimited recursion depth.
    pub ns_recursion_limit: Option<u8>, //@ BL003
}

impl Default for RecursiveConfig {
    fn default() -> Self {
        Self {
            roots: Vec::new(),
            ns_cache_size: 1024,
            response_cache_size: 1_048_576,
            recursion_limit: Some(24),
            ns_recursion_limit: Some(24),
        }
    }
}

impl RecursiveConfig {
    /// Parse the recursor store section, one `key = value` per line.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut config = Self::default();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let (key, value) = line.split_once('=').ok_or_else(|| format!("malformed line: {line}"))?;
            let value = value.trim().trim_matches('"');
            let num = |v: &str| v.parse::<usize>().map_err(|e| format!("{key}: {e}"));
            let limit = |v: &str| num(v).map(|n| (n > 0).then_some(n.min(255) as u8));
            match key.trim() {
                "roots" => {
                    config.roots = value
                        .split(',')
                        .map(|ip| ip.trim().parse().map_err(|e| format!("bad root {ip}: {e}")))
                        .collect::<Result<_, _>>()?
                }
                "ns_cache_size" => config.ns_cache_size = num(value)?,
                "response_cache_size" => config.response_cache_size = num(value)?,
                "recursion_limit" => config.recursion_limit = limit(value)?,
                "ns_recursion_limit" => config.ns_recursion_limit = limit(value)?,
                other => return Err(format!("unknown recursor option {other}")),
            }
        }
        Ok(config)
    }
}

/// An authority that will forward resolutions to upstream resolvers.
pub struct RecursiveAuthority<P: ConnectionProvider> {
    origin: Name,
    recursor: Recursor<P>,
}

impl<P: ConnectionProvider> RecursiveAuthority<P> {
    /// Read the Authority for the origin from the specified configuration
    pub fn try_from_config(origin: Name, config: &RecursiveConfig, conn_provider: P) -> Result<Self, String> {
        eprintln!("loading recursor config: {}", origin.0);

        let recursor = RecursorBuilder::new(conn_provider)
            .ns_cache_size(config.ns_cache_size)
            .record_cache_size(config.response_cache_size)
            .recursion_limit(config.recursion_limit)
            .build(&config.roots)
            .map_err(|e| format!("failed to initialize recursor: {e:?}"))?;

        Ok(Self { origin, recursor })
    }

    pub fn lookup(&self, name: &Name, rtype: RecordType) -> Result<Message, Error> {
        if !crate::is_subzone(&self.origin, name) {
            return Err(Error::from(format!("{} is not in {}", name.0, self.origin.0)));
        }
        self.recursor.resolve(Query { name: name.clone(), query_type: rtype })
    }
}
