//! Client-side throttling of Telegram Bot API requests.
//!
//! Telegram limits how fast a bot may send messages, per chat and overall.
//! Requests are queued and released by the worker only when sending them
//! keeps every limit.

pub mod settings;
pub mod worker;

pub use settings::{Limits, Settings};
pub use worker::{RequestId, Worker};

/// A chat identifier, or the hash of a channel's `@username` when only that
/// is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChatIdHash {
    Id(i64),
    ChannelUsernameHash(u64),
}

impl ChatIdHash {
    /// Channels and supergroups have ids below `-1000000000000`.
    pub fn is_channel_or_supergroup(&self) -> bool {
        match *self {
            ChatIdHash::Id(id) => id <= -1_000_000_000_000,
            ChatIdHash::ChannelUsernameHash(_) => true,
        }
    }
}
