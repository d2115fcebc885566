//! Length-prefixed binary serializer for the sync protocol.
//!
//! A session starts with a [`Hello`] frame announcing what this side accepts
//! from the peer; after that, values are written with [`Serializer`], which
//! refuses strings over the locally configured length and stops once the
//! frame budget is used up.

mod ser;

pub use ser::{Error, Serialize, Serializer, SerializerOptions};

/// First frame of a session: the limits the *peer* must respect when it
/// sends to us. The peer's decoder enforces them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hello {
    pub version: u16,
    pub max_string_len: u32,
    pub max_frame_bytes: u32,
}

impl Hello {
    pub fn to_bytes(&self) -> [u8; 10] {
        let mut b = [0u8; 10];
        b[0..2].copy_from_slice(&self.version.to_be_bytes());
        b[2..6].copy_from_slice(&self.max_string_len.to_be_bytes());
        b[6..10].copy_from_slice(&self.max_frame_bytes.to_be_bytes());
        b
    }
}
