use std::collections::HashMap;
use std::thread;
use std::time::Duration;

use crate::client::ClusterParams;
use crate::{RedisError, RedisResult, RetryMethod};

/// One node connection (socket stand-in).
pub trait Connection {
    fn req_command(&mut self, cmd: &[String]) -> RedisResult<String>;
    fn set_read_timeout(&mut self, dur: Option<Duration>);
    fn check_connection(&mut self) -> bool;
}

pub type Connect = Box<dyn Fn(&str, Option<Duration>) -> RedisResult<Box<dyn Connection>>>;

pub struct ClusterConnection {
    initial_nodes: Vec<String>,
    connections: HashMap<String, Box<dyn Connection>>,
    slots: HashMap<u16, String>,
    cluster_params: ClusterParams,
    connect: Connect,
    jitter_seed: u64,
}

impl ClusterConnection {
    pub fn new(initial_nodes: Vec<String>, cluster_params: ClusterParams, connect: Connect) -> Self {
        ClusterConnection {
            initial_nodes,
            connections: HashMap::new(),
            slots: HashMap::new(),
            cluster_params,
            connect,
            jitter_seed: 0x9e37_79b9,
        }
    }

    fn connect_to(&mut self, addr: &str) -> RedisResult<&mut Box<dyn Connection>> {
        if !self.connections.contains_key(addr) {
            let mut conn = (self.connect)(addr, self.cluster_params.connection_timeout)?;
            conn.set_read_timeout(self.cluster_params.response_timeout);
            if let (Some(user), Some(_)) = (&self.cluster_params.username, &self.cluster_params.password) {
                eprintln!("authenticating to {addr} as {user}");
            }
            if self.cluster_params.read_from_replicas {
                conn.req_command(&["READONLY".to_string()])?;
            }
            self.connections.insert(addr.to_string(), conn);
        }
        Ok(self.connections.get_mut(addr).unwrap())
    }

    fn slot_for(key: &str) -> u16 {
        (key.bytes().fold(0u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32)) % 16384) as u16
    }

    fn node_for_slot(&self, slot: u16) -> String {
        self.slots.get(&slot).cloned().unwrap_or_else(|| self.initial_nodes[0].clone())
    }

    fn next_jitter(&mut self) -> u64 {
        self.jitter_seed ^= self.jitter_seed << 13;
        self.jitter_seed ^= self.jitter_seed >> 7;
        self.jitter_seed
    }

    pub fn request(&mut self, cmd: &[String]) -> RedisResult<String> {
        let slot = cmd.get(1).map(|k| Self::slot_for(k)).unwrap_or(0);
        let mut addr = self.node_for_slot(slot);
        let mut asking = false;

        let mut retries = 0;

        loop {
            let rv = {
                let conn = self.connect_to(&addr)?;
                if asking {
                    let _ = conn.req_command(&["ASKING".to_string()]);
                }
                conn.req_command(cmd)
            };

            match rv {
                Ok(rv) => return Ok(rv),
                Err(err) => {
                    if retries == self.cluster_params.retry_params.number_of_retries {
                        return Err(err);
                    }
                    retries += 1;

                    match err.retry_method() {
                        RetryMethod::AskRedirect => {
                            asking = true;
                            addr = redirect_addr(&err)?;
                        }
                        RetryMethod::MovedRedirect => {
                            let (node, slot) = err.redirect_node().unwrap();
                            self.slots.insert(slot, node.to_string());
                            asking = false;
                            addr = node.to_string();
                        }
                        RetryMethod::WaitAndRetry => {
                            let jitter = self.next_jitter();
                            let sleep_time =
                                self.cluster_params.retry_params.wait_time_for_retry(retries, jitter);
                            thread::sleep(sleep_time);
                        }
                        RetryMethod::Reconnect => {
                            self.connections.remove(&addr);
                        }
                        RetryMethod::RetryImmediately => {}
                        RetryMethod::NoRetry => return Err(err),
                    }
                }
            }
        }
    }
}

fn redirect_addr(err: &RedisError) -> RedisResult<String> {
    err.redirect_node().map(|(a, _)| a.to_string()).ok_or_else(|| err.clone())
}
