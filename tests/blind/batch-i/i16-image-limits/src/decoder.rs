use std::io::Read;

use crate::error::{ImageError, ImageResult};
use crate::limits::{LimitSupport, Limits};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ColorType {
    L8,
    Rgb8,
    Rgba8,
}

impl ColorType {
    pub fn bytes_per_pixel(self) -> u8 {
        match self {
            ColorType::L8 => 1,
            ColorType::Rgb8 => 3,
            ColorType::Rgba8 => 4,
        }
    }
}

/// The trait that all decoders implement.
pub trait ImageDecoder {
    fn dimensions(&self) -> (u32, u32);

    fn color_type(&self) -> ColorType;

    /// Set the decoder to have the specified limits. See [`Limits`] for the different kinds of
    /// limits that is possible to set.
    ///
    /// Note to implementors: make sure you call [`Limits::check_support`] so that
    /// decoding fails if any unsupported strict limits are set. Also make sure
    /// you call [`Limits::check_dimensions`] to check the `max_image_width` and
    /// `max_image_height` limits.
    fn set_limits(&mut self, limits: Limits) -> ImageResult<()> {
        limits.check_support(&LimitSupport::default())?;
        let (width, height) = self.dimensions();
        limits.check_dimensions(width, height)?;
        Ok(())
    }

    fn read_image(self, buf: &mut [u8]) -> ImageResult<()>;

    fn total_bytes(&self) -> u64 {
        let (w, h) = self.dimensions();
        u64::from(w) * u64::from(h) * u64::from(self.color_type().bytes_per_pixel())
    }
}

/// A trivial raw format: `width:u32le height:u32le bpp:u8` followed by
/// optionally run-length encoded pixel data.
pub struct RawDecoder<R> {
    reader: R,
    width: u32,
    height: u32,
    color: ColorType,
    limits: Limits,
}

impl<R: Read> RawDecoder<R> {
    pub fn new(mut reader: R) -> ImageResult<Self> {
        let mut header = [0u8; 9];
        reader.read_exact(&mut header).map_err(ImageError::IoError)?;
        let width = u32::from_le_bytes(header[0..4].try_into().unwrap());
        let height = u32::from_le_bytes(header[4..8].try_into().unwrap());
        let color = match header[8] {
            1 => ColorType::L8,
            3 => ColorType::Rgb8,
            4 => ColorType::Rgba8,
            n => return Err(ImageError::Decoding(format!("unsupported bpp {n}"))),
        };
        Ok(RawDecoder {
            reader,
            width,
            height,
            color,
            limits: Limits::no_limits(),
        })
    }
}

impl<R: Read> ImageDecoder for RawDecoder<R> {
    fn dimensions(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    fn color_type(&self) -> ColorType {
        self.color
    }

    fn set_limits(&mut self, limits: Limits) -> ImageResult<()> {
        limits.check_support(&LimitSupport::default())?;
        limits.check_dimensions(self.width, self.height)?;
        self.limits = limits;
        Ok(())
    }

    fn read_image(mut self, buf: &mut [u8]) -> ImageResult<()> {
        // The scratch line buffer counts against the decoder's budget.
        let line = self.width as usize * self.color.bytes_per_pixel() as usize;
        self.limits.reserve_usize(line)?;
        let mut scratch = vec![0u8; line];
        for row in buf.chunks_mut(line.max(1)) {
            self.reader.read_exact(&mut scratch).map_err(ImageError::IoError)?;
            row.copy_from_slice(&scratch[..row.len()]);
        }
        self.limits.free(line as u64);
        Ok(())
    }
}

/// Decodes an image, charging the output buffer against `limits` first.
pub fn decode<D: ImageDecoder>(mut decoder: D, mut limits: Limits) -> ImageResult<Vec<u8>> {
    let (w, h) = decoder.dimensions();
    limits.reserve_buffer(w, h, decoder.color_type().bytes_per_pixel())?;
    let total = usize::try_from(decoder.total_bytes())
        .map_err(|_| ImageError::Decoding("image too large for this platform".into()))?;
    decoder.set_limits(limits)?;
    let mut buf = vec![0u8; total];
    decoder.read_image(&mut buf)?;
    Ok(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(w: u32, h: u32) -> Vec<u8> {
        let mut v = w.to_le_bytes().to_vec();
        v.extend_from_slice(&h.to_le_bytes());
        v.push(1);
        v.extend(std::iter::repeat(9u8).take((w * h) as usize));
        v
    }

    #[test]
    fn decodes_within_limits() {
        let data = raw(4, 4);
        let dec = RawDecoder::new(&data[..]).unwrap();
        let out = decode(dec, Limits::default()).unwrap();
        assert_eq!(out.len(), 16);
    }

    #[test]
    fn rejects_oversized() {
        let data = raw(4, 4);
        let dec = RawDecoder::new(&data[..]).unwrap();
        let mut limits = Limits::default();
        limits.max_alloc = Some(8);
        assert!(decode(dec, limits).is_err());
    }
}
