use std::cmp::min;
use std::collections::VecDeque;
use std::time::Instant;

use crate::api::{Builder, ManageConnection};

/// The pool data that must be protected by a lock.
pub(crate) struct PoolInternals<M: ManageConnection> {
    conns: VecDeque<Conn<M::Connection>>,
    num_conns: u32,
    pending_conns: u32,
}

impl<M: ManageConnection> PoolInternals<M> {
    pub(crate) fn pop(&mut self, config: &Builder<M>) -> Option<(Conn<M::Connection>, ApprovalIter)> {
        self.conns.pop_front().map(|conn| (conn, self.wanted(config)))
    }

    pub(crate) fn put(&mut self, conn: Conn<M::Connection>, approval: Option<Approval>) {
        if approval.is_some() {
            self.pending_conns -= 1;
            self.num_conns += 1;
        }

        // Queue it in the idle queue
        self.conns.push_back(conn);
    }

    pub(crate) fn connect_failed(&mut self, _: Approval) {
        self.pending_conns -= 1;
    }

    pub(crate) fn dropped(&mut self, num: u32, config: &Builder<M>) -> ApprovalIter {
        self.num_conns -= num;
        self.wanted(config)
    }

    pub(crate) fn wanted(&mut self, config: &Builder<M>) -> ApprovalIter {
        let available = self.conns.len() as u32 + self.pending_conns;
        let min_idle = config.min_idle.unwrap_or(0);
        let wanted = min_idle.saturating_sub(available);

        self.approvals(config, wanted)
    }

    pub(crate) fn approvals(&mut self, config: &Builder<M>, num: u32) -> ApprovalIter {
        let current = self.num_conns + self.pending_conns;
        let allowed = if current < config.max_size {
            config.max_size - current
        } else {
            0
        };

        let num = min(num, allowed);
        self.pending_conns += num;
        ApprovalIter { num: num as usize }
    }

    pub(crate) fn reap(&mut self, config: &Builder<M>) -> ApprovalIter {
        let now = Instant::now();
        let before = self.conns.len();

        self.conns.retain(|conn| {
            let mut keep = true;
            if let Some(lifetime) = config.max_lifetime {
                keep &= now - conn.birth < lifetime;
            }
            keep
        });

        self.dropped((before - self.conns.len()) as u32, config)
    }

    pub(crate) fn state(&self) -> State {
        State {
            connections: self.num_conns,
            idle_connections: self.conns.len() as u32,
        }
    }
}

impl<M: ManageConnection> Default for PoolInternals<M> {
    fn default() -> Self {
        Self {
            conns: VecDeque::new(),
            num_conns: 0,
            pending_conns: 0,
        }
    }
}

#[must_use]
pub(crate) struct ApprovalIter {
    num: usize,
}

impl Iterator for ApprovalIter {
    type Item = Approval;

    fn next(&mut self) -> Option<Self::Item> {
        match self.num {
            0 => None,
            _ => {
                self.num -= 1;
                Some(Approval { _priv: () })
            }
        }
    }
}

#[must_use]
pub(crate) struct Approval {
    _priv: (),
}

#[derive(Debug)]
pub(crate) struct Conn<C: Send> {
    pub(crate) conn: C,
    birth: Instant,
}

impl<C: Send> Conn<C> {
    pub(crate) fn new(conn: C) -> Self {
        Self {
            conn,
            birth: Instant::now(),
        }
    }
}

/// Information about the state of a `Pool`.
#[derive(Debug)]
#[non_exhaustive]
pub struct State {
    /// The number of connections currently being managed by the pool.
    pub connections: u32,
    /// The number of idle connections.
    pub idle_connections: u32,
}
