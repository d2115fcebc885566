use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};

use crate::recursor::RecursorBuilder;
use crate::{
    is_subzone, ConnectionProvider, Error, ErrorKind, LruCache, Message, Name, NameServerPool,
    Query, RData, RecordType,
};

pub(crate) struct RecursorDnsHandle<P: ConnectionProvider> {
    roots: NameServerPool<P>,
    name_server_cache: Arc<Mutex<LruCache<Name, NameServerPool<P>>>>,
    response_cache: Arc<Mutex<LruCache<Query, Message>>>,
    recursion_limit: Option<u8>,
    ns_recursion_limit: Option<u8>,
    conn_provider: P,
}

impl<P: ConnectionProvider> RecursorDnsHandle<P> {
    pub(crate) fn new(roots: &[IpAddr], builder: RecursorBuilder<P>) -> Self {
        let RecursorBuilder {
            ns_cache_size,
            response_cache_size,
            recursion_limit,
            ns_recursion_limit,
            conn_provider,
        } = builder;

        eprintln!("Using cache sizes {}/{}", ns_cache_size, response_cache_size);

        Self {
            roots: NameServerPool::new(roots.to_vec(), conn_provider.clone()),
            name_server_cache: Arc::new(Mutex::new(LruCache::new(ns_cache_size))),
            response_cache: Arc::new(Mutex::new(LruCache::new(response_cache_size))),
            recursion_limit,
            ns_recursion_limit,
            conn_provider,
        }
    }

    pub(crate) fn resolve(&self, query: Query, depth: u8, cname_limit: Arc<AtomicU8>) -> Result<Message, Error> {
        if let Some(response) = self.response_cache.lock().unwrap().get(&query).cloned() {
            return self.resolve_cnames(response, query, depth, cname_limit);
        }

        let zone = query.name.clone();
        let (depth, ns) = match self.ns_pool_for_name(zone.clone(), depth) {
            Ok((depth, ns)) => (depth, ns),
            // Handle the short circuit case for when we receive NXDOMAIN on a parent name, per RFC
            // 8020.
            Err(e) if e.is_nx_domain() => return Err(e),
            Err(e) => return Err(Error::from(format!("no nameserver found for {}: {e:?}", zone.0))),
        };

        let response = ns.lookup(&query)?;
        self.response_cache.lock().unwrap().insert(query.clone(), response.clone());

        self.resolve_cnames(response, query, depth, cname_limit)
    }

    /// Handle CNAME expansion for the current query
    fn resolve_cnames(
        &self,
        mut response: Message,
        query: Query,
        mut depth: u8,
        cname_limit: Arc<AtomicU8>,
    ) -> Result<Message, Error> {
        let query_type = query.query_type;

        // Don't resolve CNAME lookups for a CNAME (or ANY) query
        if query_type == RecordType::CNAME || query_type == RecordType::ANY {
            return Ok(response);
        }

        depth += 1;
        Error::recursion_exceeded(self.recursion_limit, depth, &query.name)?;

        let mut cname_chain = vec![];

        for rec in response.all_sections() {
            let RData::CNAME(name) = &rec.data else {
                continue;
            };

            // Check if the response has data for the canonical name.
            if response.answers.iter().any(|record| &record.name == name) {
                continue;
            }

            let cname_query = Query { name: name.clone(), query_type };

            let count = cname_limit.fetch_add(1, Ordering::Relaxed) + 1;
            if count > MAX_CNAME_LOOKUPS {
                eprintln!("cname limit exceeded for query {:?}", query);
                return Err(ErrorKind::MaxRecordLimitExceeded {
                    count: count as usize,
                    record_type: RecordType::CNAME,
                }
                .into());
            }

            let response = self.resolve(cname_query, depth, cname_limit.clone())?;
            cname_chain.extend(response.answers.iter().cloned());
        }

        response.answers.extend(cname_chain);
        Ok(response)
    }

    /// Identify the correct NameServerPool to use to answer queries for a given name.
    pub(crate) fn ns_pool_for_name(&self, query_name: Name, mut depth: u8) -> Result<(u8, NameServerPool<P>), Error> {
        // Build a list of every zone between the root and the query name (but not including the root.)
        let zones: Vec<Name> = (1..=query_name.num_labels()).map(|i| query_name.trim_to(i)).collect();

        let mut nameserver_pool = self.roots.clone();

        for zone in zones {
            if let Some(ns) = self.name_server_cache.lock().unwrap().get(&zone) {
                nameserver_pool = ns.clone();
                continue;
            }

            depth += 1;
            Error::recursion_exceeded(self.ns_recursion_limit, depth, &zone)?;

            let query = Query { name: zone.clone(), query_type: RecordType::NS };
            let response = match nameserver_pool.lookup(&query) {
                Ok(response) => response,
                // Short-circuit on NXDOMAIN, per RFC 8020.
                Err(e) if e.is_nx_domain() => return Err(e),
                // The name `zone` is not a zone cut.
                Err(_) => continue,
            };

            // get all the NS records and glue
            let mut config_group = Vec::new();
            let mut need_ips_for_names = Vec::new();
            let mut glue_ips: HashMap<Name, Vec<IpAddr>> = HashMap::new();

            for record in response.all_sections() {
                if let RData::A(ip) = record.data {
                    glue_ips.entry(record.name.clone()).or_default().push(ip);
                }
            }

            for zns in response.all_sections() {
                let RData::NS(ns_data) = &zns.data else {
                    continue;
                };
                match glue_ips.get(ns_data) {
                    Some(glue) if !glue.is_empty() => config_group.extend(glue.iter().copied()),
                    _ => need_ips_for_names.push(ns_data.clone()),
                }
            }

            if config_group.is_empty() && need_ips_for_names.is_empty() {
                // Not a zone cut
                continue;
            }

            // If we have no glue, collect missing nameserver IP addresses. For non-child name
            // servers, get a new pool by calling ns_pool_for_name recursively, using the passed in
            // depth as a fixed base so each nameserver does not increment it.
            if config_group.is_empty() {
                for ns in &need_ips_for_names {
                    let pool = if !is_subzone(&zone, ns) {
                        self.ns_pool_for_name(ns.clone(), depth)?.1
                    } else {
                        nameserver_pool.clone()
                    };
                    match pool.lookup(&Query { name: ns.clone(), query_type: RecordType::A }) {
                        Ok(r) => config_group.extend(r.answers.iter().filter_map(|r| match r.data {
                            RData::A(ip) => Some(ip),
                            _ => None,
                        })),
                        Err(e) => eprintln!("resolution of {} failed: {e:?}", ns.0),
                    }
                }
            }

            nameserver_pool = NameServerPool::new(config_group, self.conn_provider.clone());

            // store in cache for future usage
            self.name_server_cache.lock().unwrap().insert(zone.clone(), nameserver_pool.clone());
        }

        Ok((depth, nameserver_pool))
    }
}

/// Maximum number of cname records to look up in a CNAME chain, regardless of the recursion
/// depth limit
const MAX_CNAME_LOOKUPS: u8 = 64;
