use std::collections::VecDeque;

use crate::cipher::{OpaqueMessage, PlainMessage};
use crate::record_layer::{PreEncryptAction, RecordLayer};
use crate::{ContentType, ProtocolVersion};

/// Connection state common to both client and server connections.
pub struct CommonState {
    pub negotiated_version: Option<ProtocolVersion>,
    pub record_layer: RecordLayer,
    pub sent_close_notify: bool,
    pub refresh_traffic_keys_pending: bool,
    /// Largest plaintext fragment we will emit in one record
    pub max_fragment_size: usize,
    sendable_tls: VecDeque<OpaqueMessage>,
}

impl CommonState {
    pub fn new(max_fragment_size: Option<usize>) -> Self {
        Self {
            negotiated_version: None,
            record_layer: RecordLayer::new(),
            sent_close_notify: false,
            refresh_traffic_keys_pending: false,
            max_fragment_size: max_fragment_size.unwrap_or(16384),
            sendable_tls: VecDeque::new(),
        }
    }

    /// Fragment `m`, encrypt the fragments, and then queue
    pub fn send_msg_encrypt(&mut self, m: PlainMessage) {
        for chunk in m.payload.chunks(self.max_fragment_size.max(1)) {
            self.send_single_fragment(PlainMessage {
                typ: m.typ,
                payload: chunk.to_vec(),
            });
        }
    }

    fn send_single_fragment(&mut self, m: PlainMessage) {
        if m.typ == ContentType::Alert {
            // Alerts are always sendable -- never quashed by a PreEncryptAction.
            let em = self.record_layer.encrypt_outgoing(m);
            self.queue_tls_message(em);
            return;
        }

        match self.record_layer.next_pre_encrypt_action() {
            PreEncryptAction::Nothing => {}

            // Close connection once we start to run out of
            // sequence space.
            PreEncryptAction::RefreshOrClose => {
                match self.negotiated_version {
                    Some(ProtocolVersion::TLSv1_3) => {
                        // driven by caller, as we don't have the `State` here
                        self.refresh_traffic_keys_pending = true;
                    }
                    _ => {
                        eprintln!("traffic keys exhausted, closing connection to prevent security failure");
                        self.send_close_notify();
                        return;
                    }
                }
            }

            // Refuse to wrap counter at all costs.  This
            // is basically untestable unfortunately.
            PreEncryptAction::Refuse => {
                return;
            }
        };

        let em = self.record_layer.encrypt_outgoing(m);
        self.queue_tls_message(em);
    }

    pub fn send_close_notify(&mut self) {
        if self.sent_close_notify {
            return;
        }
        self.sent_close_notify = true;
        self.send_msg_encrypt(PlainMessage {
            typ: ContentType::Alert,
            payload: vec![1, 0],
        });
    }

    fn queue_tls_message(&mut self, m: OpaqueMessage) {
        self.sendable_tls.push_back(m);
    }

    pub fn take_sendable(&mut self) -> Option<OpaqueMessage> {
        self.sendable_tls.pop_front()
    }
}
