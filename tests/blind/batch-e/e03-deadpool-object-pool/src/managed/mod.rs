//! Managed version of the pool.

mod config;

use std::{
    collections::VecDeque,
    fmt,
    ops::{Deref, DerefMut},
    sync::{
        atomic::{AtomicIsize, AtomicUsize, Ordering},
        Arc, Mutex, Weak,
    },
    time::{Duration, Instant},
};

use crate::semaphore::{Semaphore, TryAcquireError};
use crate::Status;

pub use self::config::{ConfigError, PoolConfig, Timeouts};

/// Which of the [`Timeouts`] elapsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeoutType {
    Wait,
    Create,
    Recycle,
}

/// Errors returned by [`Pool::get()`].
#[derive(Debug)]
pub enum PoolError<E> {
    Timeout(TimeoutType),
    Backend(E),
    Closed,
}

impl<E: fmt::Display> fmt::Display for PoolError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Timeout(tt) => write!(f, "Timeout occurred while {:?}", tt),
            Self::Backend(e) => write!(f, "Error occurred while creating a new object: {}", e),
            Self::Closed => f.write_str("Pool has been closed"),
        }
    }
}

/// Manager responsible for creating new [`Object`]s or recycling existing ones.
pub trait Manager: Sync + Send {
    type Type;
    type Error;

    /// Creates a new instance of [`Manager::Type`].
    fn create(&self) -> Result<Self::Type, Self::Error>;

    /// Tries to recycle an instance of [`Manager::Type`].
    fn recycle(&self, obj: &mut Self::Type) -> Result<(), Self::Error>;

    /// Detaches an instance of [`Manager::Type`] from this [`Manager`].
    fn detach(&self, _obj: &mut Self::Type) {}
}

/// Statistics regarding an object returned by the pool
#[derive(Clone, Copy, Debug)]
pub struct Metrics {
    pub created: Instant,
    pub recycled: Option<Instant>,
    pub recycle_count: usize,
}

struct ObjectInner<T> {
    obj: T,
    metrics: Metrics,
}

/// Wrapper around the actual pooled object which implements [`Deref`],
/// [`DerefMut`] and [`Drop`] traits.
#[must_use]
pub struct Object<M: Manager> {
    inner: Option<ObjectInner<M::Type>>,
    pool: Weak<PoolInner<M>>,
}

impl<M: Manager> Object<M> {
    /// Takes this [`Object`] from its [`Pool`] permanently. This reduces the
    /// size of the [`Pool`].
    pub fn take(mut this: Self) -> M::Type {
        let mut inner = this.inner.take().unwrap();
        if let Some(pool) = this.pool.upgrade() {
            pool.manager.detach(&mut inner.obj);
        }
        inner.obj
    }

    /// Get object statistics
    pub fn metrics(this: &Self) -> &Metrics {
        &this.inner.as_ref().unwrap().metrics
    }
}

impl<M: Manager> Drop for Object<M> {
    fn drop(&mut self) {
        if let Some(pool) = self.pool.upgrade() {
            if let Some(inner) = self.inner.take() {
                let _ = pool.available.fetch_add(1, Ordering::Relaxed);
                pool.queue.lock().unwrap().push_back(inner);
            } else {
                let _ = pool.size.fetch_sub(1, Ordering::Relaxed);
            }
            pool.semaphore.add_permits(1);
            pool.clean_up();
        }
    }
}

impl<M: Manager> Deref for Object<M> {
    type Target = M::Type;
    fn deref(&self) -> &M::Type {
        &self.inner.as_ref().unwrap().obj
    }
}

impl<M: Manager> DerefMut for Object<M> {
    fn deref_mut(&mut self) -> &mut M::Type {
        &mut self.inner.as_mut().unwrap().obj
    }
}

struct PoolInner<M: Manager> {
    manager: M,
    queue: Mutex<VecDeque<ObjectInner<M::Type>>>,
    size: AtomicUsize,
    /// Number of available [`Object`]s in the [`Pool`]. If there are no
    /// [`Object`]s in the [`Pool`] this number can become negative and store
    /// the number of waiters.
    available: AtomicIsize,
    semaphore: Semaphore,
    config: PoolConfig,
}

impl<M: Manager> PoolInner<M> {
    fn clean_up(&self) {
        if self.semaphore.is_closed() {
            let mut queue = self.queue.lock().unwrap();
            let _ = self.size.fetch_sub(queue.len(), Ordering::Relaxed);
            let _ = self.available.fetch_sub(queue.len() as isize, Ordering::Relaxed);
            queue.clear();
        }
    }
}

/// Generic object and connection pool.
pub struct Pool<M: Manager> {
    inner: Arc<PoolInner<M>>,
}

impl<M: Manager> Clone for Pool<M> {
    fn clone(&self) -> Self {
        Pool {
            inner: self.inner.clone(),
        }
    }
}

impl<M: Manager> Pool<M> {
    /// Creates a new [`Pool`] from a [`Manager`] and a [`PoolConfig`].
    pub fn from_config(manager: M, config: PoolConfig) -> Self {
        Pool {
            inner: Arc::new(PoolInner {
                manager,
                queue: Mutex::new(VecDeque::with_capacity(config.max_size)),
                size: AtomicUsize::new(0),
                available: AtomicIsize::new(0),
                semaphore: Semaphore::new(config.max_size),
                config,
            }),
        }
    }

    /// Retrieves an [`Object`] from this [`Pool`] or waits for one to
    /// become available.
    pub fn get(&self) -> Result<Object<M>, PoolError<M::Error>> {
        self.timeout_get(&self.inner.config.timeouts)
    }

    /// Retrieves an [`Object`] from this [`Pool`] and doesn't wait if the
    /// maximum size has been reached.
    pub fn try_get(&self) -> Result<Object<M>, PoolError<M::Error>> {
        let mut timeouts = self.inner.config.timeouts;
        timeouts.wait = Some(Duration::from_secs(0));
        self.timeout_get(&timeouts)
    }

    /// Retrieves an [`Object`] from this [`Pool`] using a different `timeout`
    pub fn timeout_get(&self, timeouts: &Timeouts) -> Result<Object<M>, PoolError<M::Error>> {
        let _ = self.inner.available.fetch_sub(1, Ordering::Relaxed);
        let restore = || {
            let _ = self.inner.available.fetch_add(1, Ordering::Relaxed);
        };

        let non_blocking = match timeouts.wait {
            Some(t) => t.as_nanos() == 0,
            None => false,
        };

        let acquired = if non_blocking {
            self.inner.semaphore.try_acquire()
        } else {
            self.inner.semaphore.acquire(timeouts.wait)
        };
        let permit = match acquired {
            Ok(permit) => permit,
            Err(TryAcquireError::Closed) => {
                restore();
                return Err(PoolError::Closed);
            }
            Err(TryAcquireError::NoPermits) => {
                restore();
                return Err(PoolError::Timeout(TimeoutType::Wait));
            }
        };

        let inner = loop {
            let queued = self.inner.queue.lock().unwrap().pop_front();
            match queued {
                Some(mut inner) => {
                    // Recycle existing object
                    let started = Instant::now();
                    let recycled = self.inner.manager.recycle(&mut inner.obj);
                    let too_slow = timeouts.recycle.map_or(false, |t| started.elapsed() > t);
                    if recycled.is_err() || too_slow {
                        let _ = self.inner.available.fetch_sub(1, Ordering::Relaxed);
                        let _ = self.inner.size.fetch_sub(1, Ordering::SeqCst);
                        continue;
                    }
                    inner.metrics.recycle_count += 1;
                    inner.metrics.recycled = Some(Instant::now());
                    break inner;
                }
                None => {
                    // Create new object
                    let started = Instant::now();
                    let obj = match self.inner.manager.create() {
                        Ok(obj) => obj,
                        Err(e) => {
                            restore();
                            return Err(PoolError::Backend(e));
                        }
                    };
                    if timeouts.create.map_or(false, |t| started.elapsed() > t) {
                        restore();
                        return Err(PoolError::Timeout(TimeoutType::Create));
                    }
                    let _ = self.inner.available.fetch_add(1, Ordering::Relaxed);
                    let _ = self.inner.size.fetch_add(1, Ordering::Relaxed);
                    break ObjectInner {
                        obj,
                        metrics: Metrics {
                            created: Instant::now(),
                            recycled: None,
                            recycle_count: 0,
                        },
                    };
                }
            }
        };

        permit.forget();

        Ok(Object {
            inner: Some(inner),
            pool: Arc::downgrade(&self.inner),
        })
    }

    /// Closes this [`Pool`].
    pub fn close(&self) {
        self.inner.semaphore.close();
        self.inner.clean_up();
    }

    /// Retrieves [`Status`] of this [`Pool`].
    #[must_use]
    pub fn status(&self) -> Status {
        let max_size = self.inner.config.max_size;
        let size = self.inner.size.load(Ordering::Relaxed);
        let available = self.inner.available.load(Ordering::Relaxed);
        Status {
            max_size,
            size,
            available,
        }
    }

    /// Returns [`Manager`] of this [`Pool`].
    #[must_use]
    pub fn manager(&self) -> &M {
        &self.inner.manager
    }
}
