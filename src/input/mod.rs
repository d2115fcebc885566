//! What the files are: the workspace's packages and files, and their text
//! when an output needs it.

pub mod discover;
pub mod modules;
pub mod package_spec;
pub mod source;
