use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

use crate::builder::Builder;

/// Opens and validates connections of one kind.
pub trait ManageConnection: Send + Sync + 'static {
    type Connection: Send;
    type Error: std::fmt::Debug;

    fn connect(&self) -> Result<Self::Connection, Self::Error>;

    /// Cheap check run when a connection is returned; `false` by default.
    fn has_broken(&self, _conn: &mut Self::Connection) -> bool {
        false
    }
}

struct IdleConn<C> {
    conn: C,
    birth: Instant,
    idle_since: Instant,
}

struct Internals<C> {
    idle: Vec<IdleConn<C>>,
    /// Open connections, idle or checked out, plus those being opened.
    num_conns: u32,
}

struct Shared<M: ManageConnection> {
    manager: M,
    config: Builder,
    internals: Mutex<Internals<M::Connection>>,
    cond: Condvar,
}

pub struct Pool<M: ManageConnection>(Arc<Shared<M>>);

pub struct PooledConnection<M: ManageConnection> {
    pool: Arc<Shared<M>>,
    conn: Option<(M::Connection, Instant)>,
}

impl<M: ManageConnection> std::ops::Deref for PooledConnection<M> {
    type Target = M::Connection;
    fn deref(&self) -> &M::Connection {
        &self.conn.as_ref().expect("present until drop").0
    }
}

impl<M: ManageConnection> Drop for PooledConnection<M> {
    fn drop(&mut self) {
        if let Some((mut conn, birth)) = self.conn.take() {
            let shared = &self.pool;
            let expired = shared.config.max_lifetime.is_some_and(|max| birth.elapsed() >= max);
            let mut internals = shared.internals.lock().unwrap();
            if expired || shared.manager.has_broken(&mut conn) {
                internals.num_conns -= 1;
            } else {
                internals.idle.push(IdleConn { conn, birth, idle_since: Instant::now() });
            }
            shared.cond.notify_one();
        }
    }
}

impl<M: ManageConnection> Pool<M> {
    pub(crate) fn with_config(config: Builder, manager: M) -> Self {
        let internals = Internals { idle: Vec::new(), num_conns: 0 };
        Pool(Arc::new(Shared { manager, config, internals: Mutex::new(internals), cond: Condvar::new() }))
    }

    /// Checks out a connection, opening one if the pool has room, waiting up
    /// to `connection_timeout` otherwise.
    pub fn get(&self) -> Result<PooledConnection<M>, Option<M::Error>> {
        let shared = &self.0;
        let deadline = Instant::now() + shared.config.connection_timeout;
        let mut internals = shared.internals.lock().unwrap();
        loop {
            if let Some(idle) = internals.idle.pop() {
                return Ok(PooledConnection { pool: Arc::clone(shared), conn: Some((idle.conn, idle.birth)) });
            }
            if internals.num_conns < shared.config.max_size {
                internals.num_conns += 1;
                drop(internals);
                return match shared.manager.connect() {
                    Ok(conn) => Ok(PooledConnection { pool: Arc::clone(shared), conn: Some((conn, Instant::now())) }),
                    Err(e) => {
                        shared.internals.lock().unwrap().num_conns -= 1;
                        shared.cond.notify_one();
                        Err(Some(e))
                    }
                };
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(None);
            }
            internals = shared.cond.wait_timeout(internals, deadline - now).unwrap().0;
        }
    }

    /// Closes idle connections that expired and tops the pool back up to
    /// `min_idle`. Meant to be called periodically by a reaper thread.
    pub fn reap(&self) {
        let shared = &self.0;
        let now = Instant::now();
        let cfg = &shared.config;
        let mut internals = shared.internals.lock().unwrap();
        let before = internals.idle.len();
        internals.idle.retain(|c| {
            let idle_ok = cfg.idle_timeout.map_or(true, |t| now - c.idle_since < t);
            let life_ok = cfg.max_lifetime.map_or(true, |t| now - c.birth < t);
            idle_ok && life_ok
        });
        internals.num_conns -= (before - internals.idle.len()) as u32;

        let wanted = cfg.min_idle.unwrap_or(0).min(cfg.max_size);
        while (internals.idle.len() as u32) < wanted && internals.num_conns < cfg.max_size {
            match shared.manager.connect() {
                Ok(conn) => {
                    internals.idle.push(IdleConn { conn, birth: now, idle_since: now });
                    internals.num_conns += 1;
                }
                Err(_) => break,
            }
        }
    }

    /// `(open, idle)` connection counts.
    pub fn state(&self) -> (u32, u32) {
        let internals = self.0.internals.lock().unwrap();
        (internals.num_conns, internals.idle.len() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    struct Counter;

    impl ManageConnection for Counter {
        type Connection = u32;
        type Error = ();
        fn connect(&self) -> Result<u32, ()> {
            Ok(7)
        }
    }

    #[test]
    fn times_out_when_full() {
        let pool = Builder::new().max_size(1).connection_timeout(Duration::from_millis(20)).build(Counter);
        let held = pool.get().unwrap();
        assert_eq!(*held, 7);
        assert!(pool.get().is_err());
        drop(held);
        assert!(pool.get().is_ok());
    }

    #[test]
    fn reap_fills_min_idle() {
        let pool = Builder::new().max_size(4).min_idle(Some(2)).build(Counter);
        pool.reap();
        assert_eq!(pool.state(), (2, 2));
    }
}
