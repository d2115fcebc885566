//! Iterative (recursive) DNS resolution with separate depth limits for
//! CNAME chasing and for name-server discovery.

pub mod config;
pub mod recursor;
mod recursor_dns_handle;

pub use config::{RecursiveAuthority, RecursiveConfig};
pub use recursor::{Recursor, RecursorBuilder};

use std::collections::VecDeque;
use std::net::IpAddr;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    Message(String),
    RecursionLimitExceeded { count: usize },
    MaxRecordLimitExceeded { count: usize, record_type: RecordType },
    NxDomain,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
}

impl Error {
    pub fn is_nx_domain(&self) -> bool {
        matches!(self.kind, ErrorKind::NxDomain)
    }

    /// Checks a recursion depth against an optional limit
    pub(crate) fn recursion_exceeded(limit: Option<u8>, depth: u8, name: &Name) -> Result<(), Self> {
        match limit {
            Some(limit) if depth > limit => {}
            _ => return Ok(()),
        }

        eprintln!("recursion depth exceeded for {}", name.0);
        Err(ErrorKind::RecursionLimitExceeded { count: depth as usize }.into())
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Self { kind }
    }
}

impl From<String> for Error {
    fn from(msg: String) -> Self {
        ErrorKind::Message(msg).into()
    }
}



#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Name(pub String);

impl Name {
    pub fn num_labels(&self) -> usize {
        if self.0.is_empty() { 0 } else { self.0.split('.').count() }
    }

    /// Keep the rightmost `n` labels
    pub fn trim_to(&self, n: usize) -> Name {
        let labels: Vec<&str> = self.0.split('.').collect();
        Name(labels[labels.len() - n..].join("."))
    }
}

/// Returns true if `child` is a subzone of (or equal to) `parent`.
pub fn is_subzone(parent: &Name, child: &Name) -> bool {
    parent.0.is_empty() || child.0 == parent.0 || child.0.ends_with(&format!(".{}", parent.0))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordType {
    A,
    NS,
    CNAME,
    ANY,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RData {
    A(IpAddr),
    NS(Name),
    CNAME(Name),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub name: Name,
    pub data: RData,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Query {
    pub name: Name,
    pub query_type: RecordType,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Message {
    pub answers: Vec<Record>,
    pub additionals: Vec<Record>,
}

impl Message {
    pub fn all_sections(&self) -> impl Iterator<Item = &Record> {
        self.answers.iter().chain(self.additionals.iter())
    }
}

/// Sends one query to a set of name servers.
pub trait ConnectionProvider: Clone {
    fn send(&self, servers: &[IpAddr], query: &Query) -> Result<Message, Error>;
}

#[derive(Clone, Debug)]
pub struct NameServerPool<P: ConnectionProvider> {
    servers: Vec<IpAddr>,
    provider: P,
}

impl<P: ConnectionProvider> NameServerPool<P> {
    pub fn new(servers: Vec<IpAddr>, provider: P) -> Self {
        Self { servers, provider }
    }

    pub fn lookup(&self, query: &Query) -> Result<Message, Error> {
        self.provider.send(&self.servers, query)
    }
}

/// Fixed-capacity cache evicting the oldest insertion.
pub struct LruCache<K, V> {
    capacity: usize,
    entries: VecDeque<(K, V)>,
}

impl<K: PartialEq, V> LruCache<K, V> {
    pub fn new(capacity: usize) -> Self {
        Self { capacity, entries: VecDeque::new() }
    }

    pub fn get(&self, key: &K) -> Option<&V> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn insert(&mut self, key: K, value: V) {
        self.entries.retain(|(k, _)| k != &key);
        while self.entries.len() >= self.capacity && self.entries.pop_front().is_some() {}
        self.entries.push_back((key, value));
    }
}
