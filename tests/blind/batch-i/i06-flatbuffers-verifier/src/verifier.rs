use std::fmt;
use std::ops::Range;

pub type UOffsetT = u32;
pub type SOffsetT = i32;
pub type VOffsetT = u16;

/// Describes how a flatbuffer is invalid and, for data errors, roughly where. No extra tracing
/// information is given for DoS detecting errors since it will probably be a lot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvalidFlatbuffer {
    MissingRequiredField {
        required: &'static str,
    },
    Unaligned {
        position: usize,
        unaligned_type: &'static str,
    },
    RangeOutOfBounds {
        range: Range<usize>,
    },
    SignedOffsetOutOfBounds {
        soffset: SOffsetT,
        position: usize,
    },
    // Dos detecting errors. These do not get error traces since it will probably be very large.
    TooManyTables,
    ApparentSizeTooLarge,
    DepthLimitReached,
}

impl fmt::Display for InvalidFlatbuffer {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "InvalidFlatbuffer: ")?;
        use InvalidFlatbuffer::*;
        match self {
            TooManyTables => write!(f, "Too many tables."),
            ApparentSizeTooLarge => write!(f, "Apparent size too large."),
            DepthLimitReached => write!(f, "Nested table depth limit reached."),
            MissingRequiredField { required } => write!(f, "Missing required field `{}`.", required),
            Unaligned {
                position,
                unaligned_type,
            } => write!(f, "Type `{}` at position {:?} is unaligned.", unaligned_type, position),
            RangeOutOfBounds { range } => {
                write!(f, "Range [{}, {}) is out of bounds.", range.start, range.end)
            }
            SignedOffsetOutOfBounds { soffset, position } => write!(
                f,
                "Signed Offset at position {:?} has value {:?} which points out of bounds.",
                position, soffset
            ),
        }
    }
}

impl std::error::Error for InvalidFlatbuffer {}

pub type Result<T> = core::result::Result<T, InvalidFlatbuffer>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifierOptions {
    /// Maximum depth of nested tables allowed in a valid flatbuffer.
    pub max_depth: usize,
    /// Maximum number of tables allowed in a valid flatbuffer.
    pub max_tables: usize,
    /// Maximum "apparent" size of the message if the Flatbuffer object DAG is expanded into a
    /// tree.
    pub max_apparent_size: usize,
    /// Ignore errors where a string is missing its null terminator.
    /// This is mostly a problem if the message will be sent to a client using old c-strings.
    pub ignore_missing_null_terminator: bool,
}

impl Default for VerifierOptions {
    fn default() -> Self {
        Self {
            max_depth: 64,
            max_tables: 1_000_000,
            // size_ might do something different.
            max_apparent_size: 1 << 31,
            ignore_missing_null_terminator: false,
        }
    }
}

/// Carries the verification state. Should not be reused between tables.
#[derive(Debug)]
pub struct Verifier<'opts, 'buf> {
    buffer: &'buf [u8],
    opts: &'opts VerifierOptions,
    depth: usize,
    num_tables: usize,
    apparent_size: usize,
}

impl<'opts, 'buf> Verifier<'opts, 'buf> {
    pub fn new(opts: &'opts VerifierOptions, buffer: &'buf [u8]) -> Self {
        Self {
            opts,
            buffer,
            depth: 0,
            num_tables: 0,
            apparent_size: 0,
        }
    }

    /// Resets verifier internal state.
    #[inline]
    pub fn reset(&mut self) {
        self.depth = 0;
        self.num_tables = 0;
        self.apparent_size = 0;
    }

    /// Check that there really is a T in there.
    #[inline]
    fn is_aligned<T>(&self, pos: usize) -> Result<()> {
        let p = self.buffer.as_ptr() as usize + pos;
        if p % std::mem::align_of::<T>() == 0 {
            Ok(())
        } else {
            Err(InvalidFlatbuffer::Unaligned {
                unaligned_type: std::any::type_name::<T>(),
                position: pos,
            })
        }
    }

    #[inline]
    fn range_in_buffer(&mut self, pos: usize, size: usize) -> Result<()> {
        let end = pos.saturating_add(size);
        if end > self.buffer.len() {
            return Err(InvalidFlatbuffer::RangeOutOfBounds { range: pos..end });
        }
        self.apparent_size += size;
        if self.apparent_size > self.opts.max_apparent_size {
            return Err(InvalidFlatbuffer::ApparentSizeTooLarge);
        }
        Ok(())
    }

    #[inline]
    pub fn in_buffer<T>(&mut self, pos: usize) -> Result<()> {
        self.is_aligned::<T>(pos)?;
        self.range_in_buffer(pos, std::mem::size_of::<T>())
    }

    #[inline]
    fn get_u16(&mut self, pos: usize) -> Result<u16> {
        self.in_buffer::<u16>(pos)?;
        Ok(u16::from_le_bytes([self.buffer[pos], self.buffer[pos + 1]]))
    }

    #[inline]
    pub fn get_uoffset(&mut self, pos: usize) -> Result<UOffsetT> {
        self.in_buffer::<u32>(pos)?;
        Ok(u32::from_le_bytes([
            self.buffer[pos],
            self.buffer[pos + 1],
            self.buffer[pos + 2],
            self.buffer[pos + 3],
        ]))
    }

    #[inline]
    fn deref_soffset(&mut self, pos: usize) -> Result<usize> {
        self.in_buffer::<SOffsetT>(pos)?;
        let offset = SOffsetT::from_le_bytes([
            self.buffer[pos],
            self.buffer[pos + 1],
            self.buffer[pos + 2],
            self.buffer[pos + 3],
        ]);

        // signed offsets are subtracted.
        let derefed = if offset > 0 {
            pos.checked_sub(offset.unsigned_abs() as usize)
        } else {
            pos.checked_add(offset.unsigned_abs() as usize)
        };
        if let Some(x) = derefed {
            if x < self.buffer.len() {
                return Ok(x);
            }
        }
        Err(InvalidFlatbuffer::SignedOffsetOutOfBounds {
            soffset: offset,
            position: pos,
        })
    }

    #[inline]
    pub fn visit_table<'ver>(
        &'ver mut self,
        table_pos: usize,
    ) -> Result<TableVerifier<'ver, 'opts, 'buf>> {
        let vtable_pos = self.deref_soffset(table_pos)?;
        let vtable_len = self.get_u16(vtable_pos)? as usize;
        self.is_aligned::<VOffsetT>(vtable_pos + vtable_len)?; // i.e. vtable_len is even.
        self.range_in_buffer(vtable_pos, vtable_len)?;
        // Check bounds.
        self.num_tables += 1;
        if self.num_tables > self.opts.max_tables {
            return Err(InvalidFlatbuffer::TooManyTables);
        }
        self.depth += 1;
        if self.depth > self.opts.max_depth {
            return Err(InvalidFlatbuffer::DepthLimitReached);
        }
        Ok(TableVerifier {
            pos: table_pos,
            vtable: vtable_pos,
            vtable_len,
            verifier: self,
        })
    }

    /// Verifies a string: its length prefix, its bytes and (unless disabled)
    /// its null terminator.
    pub fn verify_string(&mut self, pos: usize) -> Result<()> {
        let len = self.get_uoffset(pos)? as usize;
        let start = pos + 4;
        self.range_in_buffer(start, len)?;
        if self.opts.ignore_missing_null_terminator {
            return Ok(());
        }
        match self.buffer.get(start + len) {
            Some(0) => Ok(()),
            _ => Err(InvalidFlatbuffer::RangeOutOfBounds {
                range: start..start + len + 1,
            }),
        }
    }
}

// Cache table metadata in usize so we don't have to cast types or jump around so much.
// We will visit every field anyway.
pub struct TableVerifier<'ver, 'opts, 'buf> {
    // Absolute position of table in buffer
    pos: usize,
    // Absolute position of vtable in buffer.
    vtable: usize,
    // Length of vtable.
    vtable_len: usize,
    // Verifier struct which holds the surrounding state and options.
    verifier: &'ver mut Verifier<'opts, 'buf>,
}

impl<'ver, 'opts, 'buf> TableVerifier<'ver, 'opts, 'buf> {
    fn deref(&mut self, field: VOffsetT) -> Result<Option<usize>> {
        let field = field as usize;
        if field < self.vtable_len {
            let field_offset = self.verifier.get_u16(self.vtable + field)?;
            if field_offset > 0 {
                // Field is present.
                let field_pos = self.pos + field_offset as usize;
                return Ok(Some(field_pos));
            }
        }
        Ok(None)
    }

    /// Verifies a string field.
    pub fn visit_string_field(
        mut self,
        field_name: &'static str,
        field: VOffsetT,
        required: bool,
    ) -> Result<Self> {
        if let Some(field_pos) = self.deref(field)? {
            let offset = self.verifier.get_uoffset(field_pos)? as usize;
            self.verifier.verify_string(field_pos + offset)?;
            return Ok(self);
        }
        if required {
            Err(InvalidFlatbuffer::MissingRequiredField { required: field_name })
        } else {
            Ok(self)
        }
    }

    /// Verifies a nested table field with the given verifier function.
    pub fn visit_table_field(
        mut self,
        field_name: &'static str,
        field: VOffsetT,
        required: bool,
        verify: impl FnOnce(&mut Verifier<'opts, 'buf>, usize) -> Result<()>,
    ) -> Result<Self> {
        if let Some(field_pos) = self.deref(field)? {
            let offset = self.verifier.get_uoffset(field_pos)? as usize;
            verify(self.verifier, field_pos + offset)?;
            return Ok(self);
        }
        if required {
            Err(InvalidFlatbuffer::MissingRequiredField { required: field_name })
        } else {
            Ok(self)
        }
    }

    #[inline]
    pub fn finish(self) -> &'ver mut Verifier<'opts, 'buf> {
        self.verifier.depth -= 1;
        self.verifier
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table whose only field (voffset 4) is a nested table of the same
    /// type, `levels` deep, laid out back to back.
    fn nested(levels: usize) -> Vec<u8> {
        let mut buf = Vec::new();
        for i in 0..levels {
            let base = buf.len();
            // vtable: len=6, table size=8, field0 at +4
            buf.extend_from_slice(&6u16.to_le_bytes());
            buf.extend_from_slice(&8u16.to_le_bytes());
            let has_child = i + 1 < levels;
            buf.extend_from_slice(&(if has_child { 4u16 } else { 0u16 }).to_le_bytes());
            buf.extend_from_slice(&[0, 0]);
            // table: soffset to vtable, then uoffset to child table
            let table = buf.len();
            buf.extend_from_slice(&((table - base) as i32).to_le_bytes());
            buf.extend_from_slice(&12u32.to_le_bytes());
        }
        buf
    }

    fn verify_nested(v: &mut Verifier<'_, '_>, pos: usize) -> Result<()> {
        v.visit_table(pos)?
            .visit_table_field("child", 4, false, verify_nested)?
            .finish();
        Ok(())
    }

    #[test]
    fn depth_limit() {
        let buf = nested(3);
        let opts = VerifierOptions {
            max_depth: 2,
            ..Default::default()
        };
        let mut v = Verifier::new(&opts, &buf);
        assert_eq!(verify_nested(&mut v, 8), Err(InvalidFlatbuffer::DepthLimitReached));
    }
}
