//! Record protection state of a TLS connection: per-direction sequence
//! numbers, the key-usage limits, and the sender that reacts to them.

pub mod cipher;
pub mod common_state;
pub mod record_layer;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    DecryptError,
    EncryptError,
    General(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContentType {
    ChangeCipherSpec,
    Alert,
    Handshake,
    ApplicationData,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProtocolVersion {
    TLSv1_2,
    TLSv1_3,
}
