use std::mem;
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::Instant;

use crate::{Config, Error, ManageConnection};

struct Conn<C> {
    conn: C,
    birth: Instant,
}

struct IdleConn<C> {
    conn: Conn<C>,
    idle_start: Instant,
}

struct PoolInternals<C> {
    conns: Vec<IdleConn<C>>,
    num_conns: u32,
    pending_conns: u32,
    last_error: Option<String>,
}

struct SharedPool<M: ManageConnection> {
    config: Config,
    manager: M,
    internals: Mutex<PoolInternals<M::Connection>>,
    cond: Condvar,
}

fn drop_conns<M: ManageConnection>(
    shared: &Arc<SharedPool<M>>,
    internals: &mut PoolInternals<M::Connection>,
    conns: Vec<Conn<M::Connection>>,
) {
    internals.num_conns -= conns.len() as u32;
    establish_idle_connections(shared, internals);
    drop(conns);
}

fn establish_idle_connections<M: ManageConnection>(
    shared: &Arc<SharedPool<M>>,
    internals: &mut PoolInternals<M::Connection>,
) {
    let min = shared.config.min_idle.unwrap_or(shared.config.max_size);
    let idle = internals.conns.len() as u32;
    for _ in idle..min {
        add_connection(shared, internals);
    }
}

fn add_connection<M: ManageConnection>(
    shared: &Arc<SharedPool<M>>,
    internals: &mut PoolInternals<M::Connection>,
) {
    if internals.num_conns + internals.pending_conns >= shared.config.max_size {
        return;
    }

    internals.pending_conns += 1;
    match shared.manager.connect() {
        Ok(conn) => {
            let now = Instant::now();
            internals.conns.push(IdleConn { conn: Conn { conn, birth: now }, idle_start: now });
            internals.last_error = None;
            internals.num_conns += 1;
            shared.cond.notify_one();
        }
        Err(err) => {
            internals.last_error = err.0;
        }
    }
    internals.pending_conns -= 1;
}

fn reap_connections<M: ManageConnection>(shared: &Arc<SharedPool<M>>) {
    let now = Instant::now();
    let mut internals = shared.internals.lock().unwrap();
    let mut old = Vec::with_capacity(internals.conns.len());
    let mut to_keep = Vec::with_capacity(internals.conns.len());
    for conn in mem::take(&mut internals.conns) {
        let mut reap = false;
        if let Some(timeout) = shared.config.idle_timeout {
            reap |= now - conn.idle_start >= timeout;
        }
        if reap {
            old.push(conn.conn);
        } else {
            to_keep.push(conn);
        }
    }
    internals.conns = to_keep;
    drop_conns(shared, &mut internals, old);
}

/// A generic connection pool.
pub struct Pool<M: ManageConnection>(Arc<SharedPool<M>>);

pub struct PooledConnection<M: ManageConnection> {
    pool: Arc<SharedPool<M>>,
    conn: Option<Conn<M::Connection>>,
}

impl<M: ManageConnection> PooledConnection<M> {
    pub fn get_mut(&mut self) -> &mut M::Connection {
        &mut self.conn.as_mut().unwrap().conn
    }

    /// When the underlying connection was established.
    pub fn created_at(&self) -> Instant {
        self.conn.as_ref().unwrap().birth
    }
}

impl<M: ManageConnection> Drop for PooledConnection<M> {
    fn drop(&mut self) {
        let mut conn = self.conn.take().unwrap();
        let mut internals = self.pool.internals.lock().unwrap();
        if self.pool.manager.has_broken(&mut conn.conn) {
            drop_conns(&self.pool, &mut internals, vec![conn]);
        } else {
            internals.conns.push(IdleConn { conn, idle_start: Instant::now() });
            self.pool.cond.notify_one();
        }
    }
}

impl<M: ManageConnection> Pool<M> {
    pub fn new(config: Config, manager: M) -> Pool<M> {
        let shared = Arc::new(SharedPool {
            config,
            manager,
            internals: Mutex::new(PoolInternals {
                conns: Vec::new(),
                num_conns: 0,
                pending_conns: 0,
                last_error: None,
            }),
            cond: Condvar::new(),
        });

        {
            let mut internals = shared.internals.lock().unwrap();
            establish_idle_connections(&shared, &mut internals);
        }

        let weak = Arc::downgrade(&shared);
        let rate = shared.config.reaper_rate;
        thread::spawn(move || loop {
            thread::sleep(rate);
            match weak.upgrade() {
                Some(shared) => reap_connections(&shared),
                None => break,
            }
        });

        Pool(shared)
    }

    /// Retrieves a connection from the pool, waiting at most the configured
    /// connection timeout.
    pub fn get(&self) -> Result<PooledConnection<M>, Error> {
        let end = Instant::now() + self.0.config.connection_timeout;
        let mut internals = self.0.internals.lock().unwrap();

        loop {
            match internals.conns.pop() {
                Some(mut conn) => {
                    drop(internals);

                    if self.0.config.test_on_check_out {
                        if let Err(e) = self.0.manager.is_valid(&mut conn.conn.conn) {
                            eprintln!("connection failed validation: {e}");
                            internals = self.0.internals.lock().unwrap();
                            drop_conns(&self.0, &mut internals, vec![conn.conn]);
                            continue;
                        }
                    }

                    return Ok(PooledConnection { pool: self.0.clone(), conn: Some(conn.conn) });
                }
                None => {
                    add_connection(&self.0, &mut internals);

                    let now = Instant::now();
                    if now >= end {
                        return Err(Error(internals.last_error.take()));
                    }
                    internals = self.0.cond.wait_timeout(internals, end - now).unwrap().0;
                }
            }
        }
    }

    /// Returns (connections, idle connections, max size).
    pub fn state(&self) -> (u32, u32, u32) {
        let internals = self.0.internals.lock().unwrap();
        (internals.num_conns, internals.conns.len() as u32, self.0.config.max_size)
    }
}
