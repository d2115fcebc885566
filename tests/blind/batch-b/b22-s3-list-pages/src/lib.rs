//! `ListObjectsV2` pagination for S3-compatible stores.

mod paginator;
mod request;

pub use paginator::{ListClient, ListPage, Paginator};
pub use request::ListObjectsV2;
