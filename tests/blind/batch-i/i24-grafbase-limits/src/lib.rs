//! Operation limits enforced by a GraphQL gateway before planning.

pub mod config;
pub mod operation;
pub mod validation;

pub use config::OperationLimits;
pub use validation::{validate_parsed_operation, BindError};
