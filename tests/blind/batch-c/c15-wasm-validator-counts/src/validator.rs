use crate::reader::{BinaryReader, BinaryReaderError};
use crate::{MAX_WASM_FUNCTIONS, MAX_WASM_FUNCTION_LOCALS, MAX_WASM_FUNCTION_SIZE};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidatorLimits {
    pub max_functions: u32,
    pub max_locals: u32,
    pub max_function_size: u32,
}

impl Default for ValidatorLimits {
    fn default() -> Self {
        Self {
            max_functions: MAX_WASM_FUNCTIONS,
            max_locals: MAX_WASM_FUNCTION_LOCALS,
            max_function_size: MAX_WASM_FUNCTION_SIZE,
        }
    }
}

/// Fails when adding `amt_added` items to `cur_len` would pass `max`.
fn check_max(cur_len: u32, amt_added: u32, max: u32, desc: &str, offset: usize) -> Result<(), BinaryReaderError> {
    if max.checked_sub(cur_len).and_then(|room| room.checked_sub(amt_added)).is_none() {
        return Err(BinaryReaderError::new(format!("{desc} count exceeds limit of {max}"), offset));
    }
    Ok(())
}

#[derive(Default)]
pub struct Validator {
    limits: ValidatorLimits,
    num_functions: u32,
    /// Type index of every declared function, for the code section.
    func_types: Vec<u32>,
}

impl Validator {
    pub fn new(limits: ValidatorLimits) -> Self {
        Self { limits, ..Self::default() }
    }

    pub fn function_section(&mut self, mut r: BinaryReader<'_>) -> Result<(), BinaryReaderError> {
        let offset = r.original_position();
        let count = r.read_var_u32()?;
        check_max(self.num_functions, count, self.limits.max_functions, "functions", offset)?;
        self.num_functions += count;
        for _ in 0..count {
            self.func_types.push(r.read_var_u32()?);
        }
        Ok(())
    }

    pub fn code_section(&mut self, mut r: BinaryReader<'_>) -> Result<(), BinaryReaderError> {
        let count = r.read_var_u32()?;
        if count != self.num_functions {
            return Err(BinaryReaderError::new(
                "function and code section have inconsistent lengths",
                r.original_position(),
            ));
        }
        for _ in 0..count {
            let offset = r.original_position();
            let size = r.read_var_u32()?;
            if size > self.limits.max_function_size {
                return Err(BinaryReaderError::new("function body too large", offset));
            }
            let body = r.read_bytes(size as usize)?;
            self.function_body(BinaryReader::new(body, offset))?;
        }
        Ok(())
    }

    fn function_body(&self, mut r: BinaryReader<'_>) -> Result<(), BinaryReaderError> {
        let mut num_locals = 0u32;
        let groups = r.read_var_u32()?;
        for _ in 0..groups {
            let offset = r.original_position();
            let n = r.read_var_u32()?;
            check_max(num_locals, n, self.limits.max_locals, "locals", offset)?;
            num_locals += n;
            match r.read_u8()? {
                0x7f | 0x7e | 0x7d | 0x7c | 0x7b | 0x70 | 0x6f => {}
                ty => return Err(BinaryReaderError::new(format!("invalid value type 0x{ty:x}"), offset)),
            }
        }
        // The remaining bytes are operators, checked by the operator validator.
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_many_locals() {
        let limits = ValidatorLimits { max_locals: 10, ..Default::default() };
        let mut v = Validator::new(limits);
        v.function_section(BinaryReader::new(&[1, 0], 0)).unwrap();
        // one body: size 5, two groups of 6 i32 locals each
        let code = [1, 5, 2, 6, 0x7f, 6, 0x7f];
        let err = v.code_section(BinaryReader::new(&code, 0)).unwrap_err();
        assert!(err.message.contains("locals count exceeds limit of 10"));
    }

    #[test]
    fn function_limit() {
        let limits = ValidatorLimits { max_functions: 2, ..Default::default() };
        let mut v = Validator::new(limits);
        assert!(v.function_section(BinaryReader::new(&[3, 0, 0, 0], 0)).is_err());
    }
}
