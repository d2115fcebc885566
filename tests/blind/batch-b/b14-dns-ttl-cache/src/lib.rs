//! Resolver-side answer cache with TTL bounds and a fixed number of slots.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// Bounds applied to TTLs from upstream answers.
#[derive(Debug, Clone, Copy)]
pub struct TtlConfig {
    /// Floor for positive answers, so very short TTLs do not defeat caching.
    pub positive_min_ttl: Duration,
    /// Ceiling for positive answers.
    pub positive_max_ttl: Duration,
    /// How long NXDOMAIN / NODATA is remembered when the SOA gives no hint.
    pub negative_ttl: Duration,
    /// Ceiling for negative answers.
    pub negative_max_ttl: Duration,
}

impl Default for TtlConfig {
    fn default() -> Self {
        TtlConfig {
            positive_min_ttl: Duration::from_secs(0),
            positive_max_ttl: Duration::from_secs(86_400),
            negative_ttl: Duration::from_secs(60),
            negative_max_ttl: Duration::from_secs(3_600),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Query {
    pub name: String,
    pub qtype: u16,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Records { addrs: Vec<IpAddr>, ttl_secs: u32 },
    NoRecords { soa_minimum: Option<u32> },
}

struct Slot {
    answer: Answer,
    valid_until: Instant,
}

pub struct DnsCache {
    ttl: TtlConfig,
    slots: usize,
    map: HashMap<Query, Slot>,
    order: VecDeque<Query>,
    hits: u64,
    misses: u64,
}

impl DnsCache {
    pub fn new(slots: usize, ttl: TtlConfig) -> Self {
        DnsCache { ttl, slots: slots.max(1), map: HashMap::new(), order: VecDeque::new(), hits: 0, misses: 0 }
    }

    fn effective_ttl(&self, answer: &Answer) -> Duration {
        match answer {
            Answer::Records { ttl_secs, .. } => Duration::from_secs(*ttl_secs as u64)
                .clamp(self.ttl.positive_min_ttl, self.ttl.positive_max_ttl),
            Answer::NoRecords { soa_minimum } => soa_minimum
                .map(|s| Duration::from_secs(s as u64))
                .unwrap_or(self.ttl.negative_ttl)
                .min(self.ttl.negative_max_ttl),
        }
    }

    pub fn insert(&mut self, query: Query, answer: Answer, now: Instant) {
        let valid_until = now + self.effective_ttl(&answer);
        if self.map.insert(query.clone(), Slot { answer, valid_until }).is_some() {
            self.order.retain(|q| q != &query);
        }
        self.order.push_back(query);
        while self.map.len() > self.slots {
            let Some(oldest) = self.order.pop_front() else { break };
            self.map.remove(&oldest);
        }
    }

    pub fn get(&mut self, query: &Query, now: Instant) -> Option<Answer> {
        match self.map.get(query) {
            Some(slot) if now < slot.valid_until => {
                self.hits += 1;
                Some(slot.answer.clone())
            }
            Some(_) => {
                self.map.remove(query);
                self.order.retain(|q| q != query);
                self.misses += 1;
                None
            }
            None => {
                self.misses += 1;
                None
            }
        }
    }

    /// Share of lookups answered from the cache.
    pub fn hit_ratio(&self) -> f64 {
        let total = self.hits + self.misses;
        if total == 0 { 0.0 } else { self.hits as f64 / total as f64 }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(name: &str) -> Query {
        Query { name: name.into(), qtype: 1 }
    }

    #[test]
    fn ttl_is_capped_and_slots_bounded() {
        let t0 = Instant::now();
        let ttl = TtlConfig { positive_max_ttl: Duration::from_secs(10), ..Default::default() };
        let mut c = DnsCache::new(2, ttl);
        let rec = Answer::Records { addrs: vec![IpAddr::from([10, 0, 0, 1])], ttl_secs: 3600 };
        c.insert(q("a."), rec.clone(), t0);
        assert!(c.get(&q("a."), t0 + Duration::from_secs(9)).is_some());
        assert!(c.get(&q("a."), t0 + Duration::from_secs(11)).is_none());
        for n in ["b.", "c.", "d."] {
            c.insert(q(n), rec.clone(), t0);
        }
        assert_eq!(c.len(), 2);
        assert!(c.hit_ratio() > 0.0);
    }
}
