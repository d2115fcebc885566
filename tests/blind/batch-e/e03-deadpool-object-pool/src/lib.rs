//! Dead simple pool for objects of any type.

pub mod managed;
mod semaphore;

/// The current pool status.
#[derive(Clone, Copy, Debug)]
pub struct Status {
    /// The maximum size of the pool.
    pub max_size: usize,

    /// The current size of the pool.
    pub size: usize,

    /// The number of available objects in the pool. If there are no
    /// objects in the pool this number can become negative and store the
    /// number of futures waiting for an object.
    pub available: isize,
}

impl Status {
    /// Rendered by the `/healthz` endpoint of services embedding the pool.
    pub fn to_json(&self) -> String {
        format!(
            "{{\"max_size\":{},\"size\":{},\"available\":{}}}",
            self.max_size, self.size, self.available
        )
    }
}
