use std::io::{self, ErrorKind, Read, Write};

use crate::{Incoming, Publish, QoS};

/// Network transforms packets <-> frames efficiently.
pub struct Network {
    /// Socket for IO
    socket: Box<dyn Transport>,
    /// Buffered reads
    read: Vec<u8>,
    /// Buffered writes
    write: Vec<u8>,
    /// Maximum packet size
    max_incoming_size: usize,
    /// Maximum readv count
    max_readb_count: usize,
}

pub trait Transport: Read + Write + Send {}
impl<T: Read + Write + Send> Transport for T {}

impl Network {
    pub fn new(socket: impl Transport + 'static, max_incoming_size: usize) -> Network {
        Network {
            socket: Box::new(socket),
            read: Vec::with_capacity(10 * 1024),
            write: Vec::with_capacity(10 * 1024),
            max_incoming_size,
            max_readb_count: 10,
        }
    }

    /// Reads and returns a batch of complete packets, `None` if nothing is ready yet.
    pub fn readb(&mut self) -> Option<io::Result<Vec<Incoming>>> {
        let mut buf = [0u8; 4096];
        match self.socket.read(&mut buf) {
            Ok(0) => return Some(Err(ErrorKind::ConnectionAborted.into())),
            Ok(n) => self.read.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == ErrorKind::WouldBlock => {}
            Err(e) => return Some(Err(e)),
        }

        let mut packets = Vec::new();
        while packets.len() < self.max_readb_count && self.read.len() >= 3 {
            let len = u16::from_be_bytes([self.read[1], self.read[2]]) as usize;
            if len > self.max_incoming_size {
                return Some(Err(io::Error::new(
                    ErrorKind::InvalidData,
                    format!("payload size limit exceeded: {}", len),
                )));
            }
            if self.read.len() < 3 + len {
                break;
            }
            let frame: Vec<u8> = self.read.drain(..3 + len).collect();
            packets.push(decode(frame[0], &frame[3..]));
        }

        if packets.is_empty() {
            None
        } else {
            Some(Ok(packets))
        }
    }

    /// Serializes a packet into the write buffer.
    pub fn fill(&mut self, kind: u8, body: &[u8]) {
        self.write.push(kind);
        self.write.extend_from_slice(&(body.len() as u16).to_be_bytes());
        self.write.extend_from_slice(body);
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.socket.write_all(&self.write)?;
        self.write.clear();
        self.socket.flush()
    }
}

fn decode(kind: u8, body: &[u8]) -> Incoming {
    match kind {
        0x20 => Incoming::ConnAck,
        0x40 if body.len() >= 2 => Incoming::PubAck(u16::from_be_bytes([body[0], body[1]])),
        0xD0 => Incoming::PingResp,
        _ => Incoming::Publish(Publish { topic: String::new(), qos: QoS::AtMostOnce, pkid: 0, payload: body.to_vec() }),
    }
}
