use std::collections::HashMap;

use crate::RECURSION_LIMIT;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    Truncated,
    InvalidVarint,
    InvalidWireType(u8),
    RecursionLimitReached,
    MessageTooLarge { len: usize, max: usize },
}

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Varint(u64),
    Fixed64(u64),
    Bytes(Vec<u8>),
    Message(Vec<Field>),
    Fixed32(u32),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub tag: u32,
    pub value: Value,
}

/// Which length-delimited field numbers hold nested messages, per message
/// type; type 0 is the root.
#[derive(Debug, Default, Clone)]
pub struct Schema {
    pub nested: HashMap<(u32, u32), u32>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeOptions {
    pub max_message_size: usize,
}

impl Default for DecodeOptions {
    fn default() -> Self {
        Self { max_message_size: 64 << 20 }
    }
}

/// State threaded through nested decoding. Each nested message gets a copy
/// with one level less.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodeContext {
    recursion_limit: u32,
}

impl Default for DecodeContext {
    fn default() -> Self {
        DecodeContext { recursion_limit: RECURSION_LIMIT }
    }
}

impl DecodeContext {
    #[inline]
    pub(crate) fn enter_recursion(&self) -> DecodeContext {
        DecodeContext { recursion_limit: self.recursion_limit - 1 }
    }

    #[inline]
    pub(crate) fn limit_reached(&self) -> Result<(), DecodeError> {
        if self.recursion_limit == 0 {
            Err(DecodeError::RecursionLimitReached)
        } else {
            Ok(())
        }
    }
}

fn read_varint(buf: &mut &[u8]) -> Result<u64, DecodeError> {
    let mut value = 0u64;
    for i in 0..10 {
        let (&byte, rest) = buf.split_first().ok_or(DecodeError::Truncated)?;
        *buf = rest;
        value |= u64::from(byte & 0x7f) << (i * 7);
        if byte & 0x80 == 0 {
            return Ok(value);
        }
    }
    Err(DecodeError::InvalidVarint)
}

fn take<'a>(buf: &mut &'a [u8], len: usize) -> Result<&'a [u8], DecodeError> {
    if len > buf.len() {
        return Err(DecodeError::Truncated);
    }
    let (head, rest) = buf.split_at(len);
    *buf = rest;
    Ok(head)
}

fn decode_message(
    schema: &Schema,
    msg_type: u32,
    mut buf: &[u8],
    ctx: DecodeContext,
) -> Result<Vec<Field>, DecodeError> {
    let mut fields = Vec::new();
    while !buf.is_empty() {
        let key = read_varint(&mut buf)?;
        let tag = (key >> 3) as u32;
        let value = match (key & 7) as u8 {
            0 => Value::Varint(read_varint(&mut buf)?),
            1 => Value::Fixed64(u64::from_le_bytes(take(&mut buf, 8)?.try_into().unwrap())),
            5 => Value::Fixed32(u32::from_le_bytes(take(&mut buf, 4)?.try_into().unwrap())),
            2 => {
                let len = read_varint(&mut buf)? as usize;
                let bytes = take(&mut buf, len)?;
                match schema.nested.get(&(msg_type, tag)) {
                    Some(&inner_type) => {
                        ctx.limit_reached()?;
                        Value::Message(decode_message(schema, inner_type, bytes, ctx.enter_recursion())?)
                    }
                    None => Value::Bytes(bytes.to_vec()),
                }
            }
            other => return Err(DecodeError::InvalidWireType(other)),
        };
        fields.push(Field { tag, value });
    }
    Ok(fields)
}

/// Decodes a root message of `schema`.
pub fn decode(schema: &Schema, buf: &[u8], opts: &DecodeOptions) -> Result<Vec<Field>, DecodeError> {
    if buf.len() > opts.max_message_size {
        return Err(DecodeError::MessageTooLarge { len: buf.len(), max: opts.max_message_size });
    }
    decode_message(schema, 0, buf, DecodeContext::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Field 1 of type 0 is again of type 0: a linked list.
    fn list_schema() -> Schema {
        Schema { nested: HashMap::from([((0, 1), 0)]) }
    }

    fn nest(depth: usize) -> Vec<u8> {
        let mut msg = vec![0x08, 0x01];
        for _ in 0..depth {
            let mut outer = vec![0x0a, msg.len() as u8];
            outer.extend(msg);
            msg = outer;
        }
        msg
    }

    #[test]
    fn shallow_nesting_decodes() {
        let fields = decode(&list_schema(), &nest(3), &DecodeOptions::default()).unwrap();
        assert!(matches!(fields[0].value, Value::Message(_)));
    }

    #[test]
    fn deep_nesting_is_refused() {
        let schema = list_schema();
        let mut ctx = DecodeContext::default();
        for _ in 0..RECURSION_LIMIT {
            ctx = ctx.enter_recursion();
        }
        assert_eq!(decode_message(&schema, 0, &nest(1), ctx), Err(DecodeError::RecursionLimitReached));
        assert!(decode_message(&schema, 0, &nest(0), ctx).is_ok());
    }

    #[test]
    fn oversized_message() {
        let opts = DecodeOptions { max_message_size: 4 };
        assert!(matches!(decode(&list_schema(), &nest(3), &opts), Err(DecodeError::MessageTooLarge { .. })));
    }
}
