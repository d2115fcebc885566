use std::collections::{HashMap, VecDeque};

use super::send::{BytesSource, FinishError, Send, SendState, WriteError, Written};

#[derive(Debug, Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StreamId(pub u64);

/// Application events about streams
#[derive(Debug, PartialEq, Eq)]
pub enum StreamEvent {
    /// A send stream may have capacity to write
    Writable { id: StreamId },
    /// A finished stream has been fully acknowledged
    Finished { id: StreamId },
}

pub struct StreamsState {
    pub(super) send: HashMap<StreamId, Option<Box<Send>>>,
    /// Streams with outgoing data queued
    pub(super) pending: Vec<(i32, StreamId)>,
    events: VecDeque<StreamEvent>,
    /// Streams blocked on connection-level flow control or stream window space
    pub(super) connection_blocked: Vec<StreamId>,
    /// Connection-level flow control budget dictated by the peer
    pub(super) max_data: u64,
    /// Sum of current offsets of all send streams.
    pub(super) data_sent: u64, //@ BL001
    /// Total quantity of unacknowledged outgoing data
    pub(super) unacked_data: u64,
    /// Configured upper bound for `unacked_data`.
    pub(super) send_window: u64,
    /// Initial stream-level limit granted by the peer for new streams
    initial_max_stream_data: u64,
}

impl StreamsState {
    pub fn new(send_window: u64) -> Self {
        Self {
            send: HashMap::new(),
            pending: Vec::new(),
            events: VecDeque::new(),
            connection_blocked: Vec::new(),
            max_data: 0,
            data_sent: 0,
            unacked_data: 0,
            send_window,
            initial_max_stream_data: 0,
        }
    }

    /// Apply the peer's transport parameters
    pub fn set_params(&mut self, initial_max_data: u64, initial_max_stream_data: u64) {
        self.initial_max_stream_data = initial_max_stream_data;
        self.received_max_data(initial_max_data);
    }

    pub fn open(&mut self, id: StreamId) {
        let max = self.initial_max_stream_data;
        self.send.insert(id, Some(Send::new(max)));
    }

    pub fn send_stream(&mut self, id: StreamId) -> SendStream<'_> {
        SendStream { id, state: self }
    }

    pub fn zero_rtt_rejected(&mut self) {
        self.pending.clear();
        self.data_sent = 0;
        self.connection_blocked.clear();
    }

    /// Handle increase to connection-level flow control limit
    pub fn received_max_data(&mut self, n: u64) {
        self.max_data = self.max_data.max(n);
    }

    /// Handle MAX_STREAM_DATA for one stream
    pub fn received_max_stream_data(&mut self, id: StreamId, offset: u64) {
        let write_limit = self.write_limit();
        if let Some(ss) = self.send.get_mut(&id).and_then(|s| s.as_mut()) {
            if ss.increase_max_data(offset) {
                if write_limit > 0 {
                    self.events.push_back(StreamEvent::Writable { id });
                } else if !ss.connection_blocked {
                    // The stream is still blocked on the connection flow control
                    // window. In order to get unblocked when the window relaxes
                    // it needs to be in the connection blocked list.
                    ss.connection_blocked = true;
                    self.connection_blocked.push(id);
                }
            }
        }
    }

    /// Process acknowledgement of stream data
    pub fn received_ack_of(&mut self, id: StreamId, range: std::ops::Range<u64>, fin: bool) {
        self.unacked_data -= range.end - range.start;
        let Some(stream) = self.send.get_mut(&id).and_then(|s| s.as_mut()) else {
            return;
        };
        stream.pending.ack(range);
        if let SendState::DataSent { ref mut finish_acked } = stream.state {
            *finish_acked |= fin;
            if *finish_acked && stream.pending.is_fully_acked() {
                self.send.remove(&id);
                self.events.push_back(StreamEvent::Finished { id });
            }
        }
    }

    /// Returns the maximum amount of data this is allowed to be written on the connection
    pub fn write_limit(&self) -> u64 {
        (self.max_data - self.data_sent)
            // `send_window` can be set after construction to something *less* than `unacked_data`
            .min(self.send_window.saturating_sub(self.unacked_data))
    }

    pub fn set_send_window(&mut self, send_window: u64) {
        self.send_window = send_window;
    }

    /// Yield stream events
    pub fn poll(&mut self) -> Option<StreamEvent> {
        if self.write_limit() > 0 {
            while let Some(id) = self.connection_blocked.pop() {
                let stream = match self.send.get_mut(&id).and_then(|s| s.as_mut()) {
                    None => continue,
                    Some(s) => s,
                };

                stream.connection_blocked = false;

                // If it's no longer sensible to write to a stream (even to detect an error) then don't
                // report it.
                if stream.is_writable() && stream.max_data > stream.offset() {
                    return Some(StreamEvent::Writable { id });
                }
            }
        }

        self.events.pop_front()
    }
}

/// Access to streams
pub struct SendStream<'a> {
    pub(super) id: StreamId,
    pub(super) state: &'a mut StreamsState,
}

impl SendStream<'_> {
    /// Send data on the given stream
    pub fn write_source<B: BytesSource>(&mut self, source: &mut B) -> Result<Written, WriteError> {
        let limit = self.state.write_limit();

        let stream = self
            .state
            .send
            .get_mut(&self.id)
            .and_then(|s| s.as_mut())
            .ok_or(WriteError::ClosedStream)?;

        if limit == 0 {
            eprintln!(
                "stream {:?}: write blocked by connection-level flow control or send window (max_data={}, data_sent={})",
                self.id, self.state.max_data, self.state.data_sent
            );
            if !stream.connection_blocked {
                stream.connection_blocked = true;
                self.state.connection_blocked.push(self.id);
            }
            return Err(WriteError::Blocked);
        }

        let was_pending = stream.is_pending();
        let written = stream.write(source, limit)?;
        self.state.unacked_data += written.bytes as u64;
        if !was_pending {
            self.state.pending.push((stream.priority, self.id));
        }
        Ok(written)
    }

    /// Abandon transmitting data on a stream
    pub fn reset(&mut self) -> Result<(), WriteError> {
        let stream = self
            .state
            .send
            .get_mut(&self.id)
            .and_then(|s| s.as_mut())
            .ok_or(WriteError::ClosedStream)?;
        stream.reset();
        Ok(())
    }

    /// Finish a send stream, signalling that no more data will be sent.
    pub fn finish(&mut self) -> Result<(), FinishError> {
        let stream = self
            .state
            .send
            .get_mut(&self.id)
            .and_then(|s| s.as_mut())
            .ok_or(FinishError::ClosedStream)?;

        let was_pending = stream.is_pending();
        stream.finish()?;
        if !was_pending {
            self.state.pending.push((stream.priority, self.id));
        }
        Ok(())
    }
}
