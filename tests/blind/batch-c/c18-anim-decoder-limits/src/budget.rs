use std::fmt;

/// Resource limits for a decode job; `None` means unlimited.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    pub max_pixels: Option<u64>,
    /// Bytes of RGBA output buffers.
    pub max_alloc: Option<u64>,
    pub max_frames: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LimitError {
    Pixels { requested: u64, max: u64 },
    Alloc { requested: u64, max: u64 },
    Frames { max: u32 },
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitError::Pixels { requested, max } => write!(f, "{requested} pixels exceeds limit {max}"),
            LimitError::Alloc { requested, max } => write!(f, "{requested} bytes exceeds limit {max}"),
            LimitError::Frames { max } => write!(f, "more than {max} frames"),
        }
    }
}

/// What a job has consumed so far, shared across the files it decodes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DecodeBudget {
    pub total_pixels: u64,
    pub total_alloc: u64,
    pub frames_emitted: u32,
}

impl DecodeBudget {
    /// Called before a file's first frame.
    pub fn can_start(&self, limits: &Limits) -> Result<(), LimitError> {
        match limits.max_frames {
            Some(max) if self.frames_emitted >= max => Err(LimitError::Frames { max }),
            _ => Ok(()),
        }
    }

    /// Called before every frame is decoded.
    pub fn check_frame(&self, limits: &Limits, width: u32, height: u32) -> Result<(), LimitError> { //@ BL004
        let pixels = u64::from(width) * u64::from(height);
        if let Some(max) = limits.max_pixels {
            let requested = self.total_pixels + pixels;
            if requested > max {
                return Err(LimitError::Pixels { requested, max });
            }
        }
        if let Some(max) = limits.max_alloc {
            let requested = self.total_alloc + pixels * 4;
            if requested > max {
                return Err(LimitError::Alloc { requested, max });
            }
        }
        Ok(())
    }

    pub fn record_frame(&mut self, width: u32, height: u32) {
        let pixels = u64::from(width) * u64::from(height);
        self.total_pixels += pixels;
        self.total_alloc += pixels * 4;
        self.frames_emitted += 1;
    }
}
