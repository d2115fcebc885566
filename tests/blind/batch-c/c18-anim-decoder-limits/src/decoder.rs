use crate::budget::{DecodeBudget, LimitError, Limits};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    pub width: u32,
    pub height: u32,
    pub delay_ms: u16,
    pub rgba: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    Truncated,
    Limit(LimitError),
}

impl From<LimitError> for DecodeError {
    fn from(e: LimitError) -> Self {
        DecodeError::Limit(e)
    }
}

fn u16_at(data: &[u8], at: usize) -> Result<u16, DecodeError> {
    let b = data.get(at..at + 2).ok_or(DecodeError::Truncated)?;
    Ok(u16::from_le_bytes([b[0], b[1]]))
}

/// Decodes an 8-bit grey animation: `width:u16 height:u16`, then frames of
/// `delay:u16` followed by `width * height` grey bytes, until the end.
pub fn decode_animation(
    data: &[u8],
    limits: &Limits,
    budget: &mut DecodeBudget,
) -> Result<Vec<Frame>, DecodeError> {
    let width = u32::from(u16_at(data, 0)?);
    let height = u32::from(u16_at(data, 2)?);
    let frame_len = (width * height) as usize;
    budget.can_start(limits)?;

    let mut frames = Vec::new();
    let mut pos = 4;
    while pos < data.len() {
        budget.check_frame(limits, width, height)?;
        let delay_ms = u16_at(data, pos)?;
        let grey = data.get(pos + 2..pos + 2 + frame_len).ok_or(DecodeError::Truncated)?;
        let mut rgba = Vec::with_capacity(frame_len * 4);
        for &g in grey {
            rgba.extend_from_slice(&[g, g, g, 0xff]);
        }
        budget.record_frame(width, height);
        frames.push(Frame { width, height, delay_ms, rgba });
        pos += 2 + frame_len;
    }
    Ok(frames)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anim(w: u16, h: u16, frames: usize) -> Vec<u8> {
        let mut v = [w.to_le_bytes(), h.to_le_bytes()].concat();
        for _ in 0..frames {
            v.extend_from_slice(&40u16.to_le_bytes());
            v.extend(std::iter::repeat(0x80).take(usize::from(w) * usize::from(h)));
        }
        v
    }

    #[test]
    fn decodes_frames() {
        let mut budget = DecodeBudget::default();
        let frames = decode_animation(&anim(2, 2, 3), &Limits::default(), &mut budget).unwrap();
        assert_eq!(frames.len(), 3);
        assert_eq!(budget.total_alloc, 48);
    }

    #[test]
    fn pixel_limit() {
        let limits = Limits { max_pixels: Some(10), ..Limits::default() };
        let mut budget = DecodeBudget::default();
        let err = decode_animation(&anim(2, 2, 3), &limits, &mut budget).unwrap_err();
        assert!(matches!(err, DecodeError::Limit(LimitError::Pixels { .. })));
    }
}
