use std::collections::VecDeque;
use std::ops::Range;

/// Buffer of outgoing retransmittable stream data
#[derive(Default, Debug)]
pub(super) struct SendBuffer {
    /// Data queued by the application but not yet acknowledged. May or may not have been sent.
    unacked_segments: VecDeque<Vec<u8>>,
    /// Total size of `unacked_segments`
    unacked_len: usize,
    /// The first offset that hasn't been written by the application, i.e. the offset past the end of `unacked`
    offset: u64,
    /// The first offset that hasn't been sent
    pub(super) unsent: u64,
    /// Highest offset acknowledged by the peer, contiguous from the start
    acked: u64,
}

impl SendBuffer {
    pub(super) fn new() -> Self {
        Self::default()
    }

    /// Append application data to the end of the stream
    pub(super) fn write(&mut self, data: Vec<u8>) {
        self.unacked_len += data.len();
        self.offset += data.len() as u64;
        self.unacked_segments.push_back(data);
    }

    /// Discard a range of acknowledged stream data
    pub(super) fn ack(&mut self, range: Range<u64>) {
        if range.start <= self.acked && range.end > self.acked {
            let mut released = (range.end - self.acked) as usize;
            self.acked = range.end;
            while released > 0 {
                let Some(front) = self.unacked_segments.front_mut() else {
                    break;
                };
                if front.len() <= released {
                    released -= front.len();
                    self.unacked_len -= front.len();
                    self.unacked_segments.pop_front();
                } else {
                    front.drain(..released);
                    self.unacked_len -= released;
                    released = 0;
                }
            }
        }
    }

    /// First stream offset unwritten by the application
    pub(super) fn offset(&self) -> u64 {
        self.offset
    }

    pub(super) fn has_unsent_data(&self) -> bool {
        self.unsent != self.offset
    }

    pub(super) fn is_fully_acked(&self) -> bool {
        self.unacked_len == 0
    }
}
