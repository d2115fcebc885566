//! Verification of untrusted flatbuffers before they are accessed.

pub mod verifier;

pub use verifier::{InvalidFlatbuffer, Verifier, VerifierOptions};
