//! Multi-provider chat client: the Anthropic adapter turns a chat request and
//! the layered chat options into the JSON payload of the Messages API.

pub mod adapter;
pub mod chat;
pub mod json;
