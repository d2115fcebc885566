//! The rules: syntax to facts, facts to a model, the model to findings and
//! suggestions. Nothing here reads a file, decides what to parse, or knows
//! how many threads run.

pub mod facts;
pub mod lints;
pub mod model;
pub mod names;
pub mod suggest;
pub mod syntax;
