use super::{Encoder, DEFAULT_MAX_SEND_MESSAGE_SIZE, HEADER_SIZE};
use crate::{Code, Status};

pub(super) const BUFFER_SIZE: usize = 8 * 1024;
const YIELD_THRESHOLD: usize = 32 * 1024;

pub fn encode_server<T, U>(
    encoder: T,
    source: U,
    max_message_size: Option<usize>,
) -> EncodedBytes<T, U>
where
    T: Encoder<Error = Status>,
    U: Iterator<Item = Result<T::Item, Status>>,
{
    EncodedBytes::new(encoder, source, max_message_size)
}

pub fn encode_client<T, U>(
    encoder: T,
    source: U,
    max_message_size: Option<usize>,
) -> EncodedBytes<T, std::iter::Map<U, fn(T::Item) -> Result<T::Item, Status>>>
where
    T: Encoder<Error = Status>,
    U: Iterator<Item = T::Item>,
{
    let source = source.map(Ok as fn(T::Item) -> Result<T::Item, Status>);
    EncodedBytes::new(encoder, source, max_message_size)
}

/// Combinator for efficient encoding of messages into reasonably sized buffers.
/// EncodedBytes encodes ready messages from its delegate stream into a buffer,
/// splitting off and yielding a buffer when either:
///  * The delegate stream is exhausted, or
///  * The encoded buffer surpasses YIELD_THRESHOLD.
#[derive(Debug)]
pub struct EncodedBytes<T, U>
where
    T: Encoder<Error = Status>,
    U: Iterator<Item = Result<T::Item, Status>>,
{
    source: U,
    encoder: T,
    max_message_size: Option<usize>,
    buf: Vec<u8>,
}

impl<T, U> EncodedBytes<T, U>
where
    T: Encoder<Error = Status>,
    U: Iterator<Item = Result<T::Item, Status>>,
{
    fn new(encoder: T, source: U, max_message_size: Option<usize>) -> Self {
        Self {
            source,
            encoder,
            max_message_size,
            buf: Vec::with_capacity(BUFFER_SIZE),
        }
    }
}

impl<T, U> Iterator for EncodedBytes<T, U>
where
    T: Encoder<Error = Status>,
    U: Iterator<Item = Result<T::Item, Status>>,
{
    type Item = Result<Vec<u8>, Status>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            match self.source.next() {
                None if self.buf.is_empty() => return None,
                None => return Some(Ok(std::mem::take(&mut self.buf))),
                Some(Ok(item)) => {
                    if let Err(status) =
                        encode_item(&mut self.encoder, &mut self.buf, self.max_message_size, item)
                    {
                        return Some(Err(status));
                    }

                    if self.buf.len() >= YIELD_THRESHOLD {
                        return Some(Ok(std::mem::take(&mut self.buf)));
                    }
                }
                Some(Err(status)) => return Some(Err(status)),
            }
        }
    }
}

fn encode_item<T>(
    encoder: &mut T,
    buf: &mut Vec<u8>,
    max_message_size: Option<usize>,
    item: T::Item,
) -> Result<(), Status>
where
    T: Encoder<Error = Status>,
{
    let offset = buf.len();

    buf.extend_from_slice(&[0; HEADER_SIZE]);

    encoder
        .encode(item, buf)
        .map_err(|err| Status::internal(format!("Error encoding: {}", err.message())))?;

    // now that we know length, we can write the header
    finish_encoding(max_message_size, &mut buf[offset..])
}

fn finish_encoding(max_message_size: Option<usize>, buf: &mut [u8]) -> Result<(), Status> {
    let len = buf.len() - HEADER_SIZE;
    let limit = max_message_size.unwrap_or(DEFAULT_MAX_SEND_MESSAGE_SIZE);
    if len > limit {
        return Err(Status::new(
            Code::OutOfRange,
            format!(
                "Error, message length too large: found {} bytes, the limit is: {} bytes",
                len, limit
            ),
        ));
    }

    if len > u32::MAX as usize {
        return Err(Status::resource_exhausted(format!(
            "Cannot return body with more than 4GB of data but got {len} bytes"
        )));
    }
    {
        buf[0] = 0;
        buf[1..HEADER_SIZE].copy_from_slice(&(len as u32).to_be_bytes());
    }

    Ok(())
}
