use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Counts open connections per client address.
#[derive(Clone)]
pub struct Admission {
    ceiling: u32,
    open: Arc<Mutex<HashMap<IpAddr, u32>>>,
}

/// Held for the life of a connection.
pub struct ConnGuard {
    ip: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, u32>>>,
}

impl Admission {
    pub fn new(ceiling: u32) -> Self {
        Admission { ceiling, open: Arc::new(Mutex::new(HashMap::new())) }
    }

    pub fn try_admit(&self, ip: IpAddr) -> Option<ConnGuard> {
        let mut open = self.open.lock().unwrap();
        let n = open.entry(ip).or_insert(0);
        if *n >= self.ceiling {
            return None;
        }
        *n += 1;
        Some(ConnGuard { ip, open: Arc::clone(&self.open) })
    }

    pub fn open_from(&self, ip: IpAddr) -> u32 {
        self.open.lock().unwrap().get(&ip).copied().unwrap_or(0)
    }
}

impl Drop for ConnGuard {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap();
        if let Some(n) = open.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}
