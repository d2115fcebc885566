//! Validation of the function and code sections of a WebAssembly module,
//! with implementation limits in the spirit of the JS-API limits.

mod reader;
mod validator;

pub use reader::{BinaryReader, BinaryReaderError};
pub use validator::{Validator, ValidatorLimits};

pub const MAX_WASM_FUNCTIONS: u32 = 1_000_000;
pub const MAX_WASM_FUNCTION_LOCALS: u32 = 50_000;
pub const MAX_WASM_FUNCTION_SIZE: u32 = 128 * 1024;
