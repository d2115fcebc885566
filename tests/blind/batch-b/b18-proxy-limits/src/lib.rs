//! Request admission for a reverse proxy: header block and body size limits,
//! applied before anything is forwarded upstream.

mod limits;
mod request;

pub use limits::ProxyLimits;
pub use request::{forward_body, read_head, Head, Reject};
