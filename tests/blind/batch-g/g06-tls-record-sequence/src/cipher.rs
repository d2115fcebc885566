use crate::{ContentType, Error};

#[derive(Debug, Clone)]
pub struct PlainMessage {
    pub typ: ContentType,
    pub payload: Vec<u8>,
}

#[derive(Debug, Clone)]
pub struct OpaqueMessage {
    pub typ: ContentType,
    pub payload: Vec<u8>,
}

impl OpaqueMessage {
    pub fn into_plain_message(self) -> PlainMessage {
        PlainMessage {
            typ: self.typ,
            payload: self.payload,
        }
    }
}

/// Objects with this trait can encrypt TLS messages.
pub trait MessageEncrypter: Send + Sync {
    fn encrypt(&mut self, msg: PlainMessage, seq: u64) -> Result<OpaqueMessage, Error>;
    fn encrypted_payload_len(&self, payload_len: usize) -> usize;
}

/// Objects with this trait can decrypt TLS messages.
pub trait MessageDecrypter: Send + Sync {
    fn decrypt(&mut self, msg: OpaqueMessage, seq: u64) -> Result<PlainMessage, Error>;
}

impl dyn MessageEncrypter {
    pub fn invalid() -> Box<dyn MessageEncrypter> {
        Box::new(InvalidMessageEncrypter {})
    }
}

impl dyn MessageDecrypter {
    pub fn invalid() -> Box<dyn MessageDecrypter> {
        Box::new(InvalidMessageDecrypter {})
    }
}

struct InvalidMessageEncrypter {}

impl MessageEncrypter for InvalidMessageEncrypter {
    fn encrypt(&mut self, _m: PlainMessage, _seq: u64) -> Result<OpaqueMessage, Error> {
        Err(Error::EncryptError)
    }

    fn encrypted_payload_len(&self, payload_len: usize) -> usize {
        payload_len
    }
}

struct InvalidMessageDecrypter {}

impl MessageDecrypter for InvalidMessageDecrypter {
    fn decrypt(&mut self, _m: OpaqueMessage, _seq: u64) -> Result<PlainMessage, Error> {
        Err(Error::DecryptError)
    }
}
