use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::Instant;

use crate::api::{Builder, ManageConnection, PooledConnection, RunError};
use crate::internals::{Approval, ApprovalIter, Conn, PoolInternals, State};

/// The guts of a `Pool`.
pub(crate) struct SharedPool<M: ManageConnection> {
    pub(crate) statics: Builder<M>,
    pub(crate) manager: M,
    pub(crate) internals: Mutex<PoolInternals<M>>,
    pub(crate) returned: Condvar,
}

pub(crate) struct PoolInner<M: ManageConnection> {
    inner: Arc<SharedPool<M>>,
}

impl<M: ManageConnection> Clone for PoolInner<M> {
    fn clone(&self) -> Self {
        PoolInner {
            inner: self.inner.clone(),
        }
    }
}

impl<M: ManageConnection> PoolInner<M> {
    pub(crate) fn new(builder: Builder<M>, manager: M) -> Self {
        let inner = Arc::new(SharedPool {
            statics: builder,
            manager,
            internals: Mutex::new(PoolInternals::default()),
            returned: Condvar::new(),
        });
        Self { inner }
    }

    pub(crate) fn spawn_reaper(&self) {
        let weak: Weak<SharedPool<M>> = Arc::downgrade(&self.inner);
        let rate = self.inner.statics.reaper_rate;
        std::thread::spawn(move || loop {
            std::thread::sleep(rate);
            let Some(shared) = weak.upgrade() else { break };
            let approvals = shared.internals.lock().unwrap().reap(&shared.statics);
            PoolInner { inner: shared }.spawn_replenishing_approvals(approvals);
        });
    }

    pub(crate) fn replenish_idle_connections(&self) -> Result<(), M::Error> {
        let approvals = self.inner.internals.lock().unwrap().wanted(&self.inner.statics);
        for approval in approvals {
            self.add_connection(approval)?;
        }
        Ok(())
    }

    fn spawn_replenishing_approvals(&self, approvals: ApprovalIter) {
        for approval in approvals {
            let _ = self.add_connection(approval);
        }
    }

    fn add_connection(&self, approval: Approval) -> Result<(), M::Error> {
        match self.inner.manager.connect() {
            Ok(conn) => {
                self.inner
                    .internals
                    .lock()
                    .unwrap()
                    .put(Conn::new(conn), Some(approval));
                self.inner.returned.notify_one();
                Ok(())
            }
            Err(e) => {
                self.inner.internals.lock().unwrap().connect_failed(approval);
                Err(e)
            }
        }
    }

    pub(crate) fn get(&self) -> Result<PooledConnection<'_, M>, RunError<M::Error>> {
        let deadline = Instant::now() + self.inner.statics.connection_timeout;
        loop {
            let mut locked = self.inner.internals.lock().unwrap();
            if let Some((mut conn, approvals)) = locked.pop(&self.inner.statics) {
                drop(locked);
                self.spawn_replenishing_approvals(approvals);

                if self.inner.statics.test_on_check_out
                    && self.inner.manager.is_valid(&mut conn.conn).is_err()
                {
                    let approvals = self.inner.internals.lock().unwrap().dropped(1, &self.inner.statics);
                    self.spawn_replenishing_approvals(approvals);
                    continue;
                }
                return Ok(PooledConnection::new(self, conn));
            }

            let approvals = locked.approvals(&self.inner.statics, 1);
            drop(locked);
            for approval in approvals {
                self.add_connection(approval).map_err(RunError::User)?;
            }

            let now = Instant::now();
            if now >= deadline {
                return Err(RunError::TimedOut);
            }
            let locked = self.inner.internals.lock().unwrap();
            let _ = self.inner.returned.wait_timeout(locked, deadline - now).unwrap();
        }
    }

    pub(crate) fn put_back(&self, mut conn: Conn<M::Connection>) {
        let broken = self.inner.manager.has_broken(&mut conn.conn);
        let mut locked = self.inner.internals.lock().unwrap();
        if broken {
            let approvals = locked.dropped(1, &self.inner.statics);
            drop(locked);
            self.spawn_replenishing_approvals(approvals);
        } else {
            locked.put(conn, None);
            drop(locked);
            self.inner.returned.notify_one();
        }
    }

    pub(crate) fn state(&self) -> State {
        self.inner.internals.lock().unwrap().state()
    }
}

#[cfg(test)]
mod tests {
    use crate::{ManageConnection, Pool};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    struct Counting(AtomicUsize);

    impl ManageConnection for Counting {
        type Connection = usize;
        type Error = ();
        fn connect(&self) -> Result<usize, ()> {
            Ok(self.0.fetch_add(1, Ordering::SeqCst))
        }
        fn is_valid(&self, _conn: &mut usize) -> Result<(), ()> {
            Ok(())
        }
        fn has_broken(&self, _conn: &mut usize) -> bool {
            false
        }
    }

    #[test]
    fn max_size_is_respected() {
        let pool = Pool::builder()
            .max_size(2)
            .connection_timeout(Duration::from_millis(50))
            .build(Counting(AtomicUsize::new(0)))
            .unwrap();
        let a = pool.get().unwrap();
        let b = pool.get().unwrap();
        assert!(pool.get().is_err());
        drop((a, b));
        assert_eq!(pool.state().connections, 2);
    }

    #[test]
    fn min_idle_is_filled() {
        let pool = Pool::builder()
            .max_size(5)
            .min_idle(Some(3))
            .build(Counting(AtomicUsize::new(0)))
            .unwrap();
        assert_eq!(pool.state().idle_connections, 3);
    }
}
