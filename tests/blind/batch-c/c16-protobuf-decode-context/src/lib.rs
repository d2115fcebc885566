//! Schema-driven protobuf decoding into a dynamic field tree.
//!
//! Nested messages are bounded by a recursion limit carried in a
//! [`DecodeContext`] (100 levels, like the C++ implementation), and whole
//! messages by [`DecodeOptions::max_message_size`].

mod decode;

pub use decode::{decode, DecodeContext, DecodeError, DecodeOptions, Field, Schema, Value};

/// Default nesting allowed for messages.
pub const RECURSION_LIMIT: u32 = 100;
