/// Return status codes.
#[derive(Debug, Copy, Clone, PartialEq, Eq, Hash)]
pub enum TINFLStatus {
    FailedCannotMakeProgress,
    BadParam,
    Failed,
    Done,
    NeedsMoreInput,
    HasMoreOutput,
}

/// Main decompression struct (stand-in: the block decoder state).
#[derive(Debug, Default, Clone)]
pub struct DecompressorOxide {
    pub finished: bool,
}

/// Decodes as much of `input` into `out[out_pos..]` as fits. The stand-in
/// treats the input as stored blocks.
pub fn decompress(
    r: &mut DecompressorOxide,
    input: &[u8],
    out: &mut [u8],
    out_pos: usize,
    _flags: u32,
) -> (TINFLStatus, usize, usize) {
    if out_pos > out.len() {
        return (TINFLStatus::BadParam, 0, 0);
    }
    let room = out.len() - out_pos;
    let n = room.min(input.len());
    out[out_pos..out_pos + n].copy_from_slice(&input[..n]);
    if n < input.len() {
        (TINFLStatus::HasMoreOutput, n, n)
    } else {
        r.finished = true;
        (TINFLStatus::Done, n, n)
    }
}
