//! Decoder for the thumbnailer's animated sprite format.
//!
//! A sprite sheet job decodes many files against one shared
//! [`DecodeBudget`], so that a single hostile upload cannot take the whole
//! worker's memory.

mod budget;
mod decoder;

pub use budget::{DecodeBudget, LimitError, Limits};
pub use decoder::{decode_animation, DecodeError, Frame};
